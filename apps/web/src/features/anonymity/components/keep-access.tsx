/**
 * "Keep access": this tab's private key as a private link and a code to copy, why it must
 * stay private, and a switch to save it on this device (off by default). Offered once after
 * the tab's first anonymous post, in a panel that takes the focus when it first opens (and
 * gives it back to the post on Done) and sits in the page's flow right after the new post
 * (./keep-access-slot.tsx), so it never covers it; again at any time from the header
 * ("My private key"), in a dialog.
 */
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { buttonClass } from '../../../components/ui/button.ts';
import fieldStyles from '../../../components/ui/field.module.css';
import { FormActions } from '../../../components/ui/form.tsx';
import { Modal } from '../../../components/ui/modal-on-demand.tsx';
import { useViewer } from '../../../lib/auth.ts';
import { focusPostBefore } from '../../../lib/focus-post.ts';
import { KEY_TEXT } from '../../../lib/key-messages.ts';
import { privateKeyStore } from '../../../lib/storage.ts';
import { privateLink } from '../lib/private-key.ts';
import { CopyField } from './copy-field.tsx';
import { EraseKey } from './erase-key.tsx';
import styles from './keep-access.module.css';

function KeyDetails({
  sessionKey,
  what,
  compact = false,
  action,
}: {
  sessionKey: string;
  /** What the key is, in plain words. */
  what: string;
  /** Labels on the values' lines, for the panel in the page. */
  compact?: boolean;
  /** A button on the switch's line (the panel's Done). */
  action?: ReactNode;
}) {
  const switchId = useId();
  const [saved, setSaved] = useState(privateKeyStore.saved);
  const here = saved === sessionKey;
  const toggle = (on: boolean) => {
    if (on) privateKeyStore.save(sessionKey);
    else if (here) privateKeyStore.forget();
    setSaved(privateKeyStore.saved());
  };
  return (
    <>
      <p className={styles.what}>{what}</p>
      <p className={styles.why}>{KEY_TEXT.why}</p>
      <CopyField
        label={KEY_TEXT.privateLink}
        value={privateLink(sessionKey, window.location.origin)}
        copyLabel={KEY_TEXT.copyLink}
        copied={KEY_TEXT.linkCopied}
        inline={compact}
      />
      <CopyField
        label={KEY_TEXT.code}
        value={sessionKey}
        copyLabel={KEY_TEXT.copyCode}
        copied={KEY_TEXT.codeCopied}
        inline={compact}
      />
      <div className={styles.switchRow}>
        <input
          id={switchId}
          type="checkbox"
          role="switch"
          className={styles.switch}
          checked={here}
          aria-checked={here}
          aria-describedby={`${switchId}-hint`}
          onChange={(event) => toggle(event.target.checked)}
        />
        <label htmlFor={switchId} className={styles.switchLabel}>
          {KEY_TEXT.saveOnDevice}
        </label>
        {action && <div className={styles.action}>{action}</div>}
      </div>
      <p id={`${switchId}-hint`} className={fieldStyles.hint}>
        {saved !== null && !here ? KEY_TEXT.saveReplaces : KEY_TEXT.saveHint}
      </p>
    </>
  );
}

/** Room kept between the window's edges and the post or the offer when scrolling. */
const EDGE = 16;

/**
 * Scrolls the offer into view under the post it follows (its previous sibling), as far as
 * the post's top stays in view: the post first, then what keeps access to it. Positions are
 * taken on the page, not the window, so a scroll still running (to the new reply) does not
 * throw them off; it waits a frame so that this scroll comes after that one.
 */
function useShowUnderPost(panel: RefObject<HTMLElement | null>, afterPost: boolean) {
  useEffect(() => {
    if (!afterPost) return;
    const frame = requestAnimationFrame(() => {
      const element = panel.current;
      const post = element?.previousElementSibling;
      if (!element || !post) return;
      const now = window.scrollY;
      const panelBottom = element.getBoundingClientRect().bottom + now;
      const postTop = post.getBoundingClientRect().top + now;
      const target = Math.min(panelBottom + EDGE - window.innerHeight, postTop - EDGE);
      if (target <= now) return;
      const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      window.scrollTo({ top: target, behavior: smooth ? 'smooth' : 'auto' });
    });
    return () => cancelAnimationFrame(frame);
  }, [panel, afterPost]);
}

/**
 * Whether the offer has had the focus in this page's life. It is offered once per tab, and
 * takes the focus once: when it opens after the post, so that a keyboard or screen reader
 * user meets it. Drawn again later (another page showing the post, a reply opened from a
 * notification), it leaves the focus where the visitor's action put it.
 */
let focusTaken = false;

function useFocusOnFirstOpen(panel: RefObject<HTMLElement | null>, shown: boolean) {
  useEffect(() => {
    if (!shown || focusTaken) return;
    // A frame later: after the thread or the closing Ask dialog has put the focus elsewhere.
    const frame = requestAnimationFrame(() => {
      if (focusTaken || !panel.current) return;
      focusTaken = true;
      panel.current.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [panel, shown]);
}

/** The offer after the first anonymous post: in the page, after the post, until Done. */
export function KeepAccessPanel({
  onClose,
  afterPost = false,
}: {
  onClose: () => void;
  /** Drawn right after the new post (not at the top of the page): brought into view under it. */
  afterPost?: boolean;
}) {
  const { sessionId } = useViewer();
  const headingId = useId();
  const panel = useRef<HTMLElement>(null);
  useShowUnderPost(panel, afterPost && sessionId !== null);
  useFocusOnFirstOpen(panel, sessionId !== null);
  const done = () => {
    const element = panel.current;
    onClose();
    // Back to the post it followed (at the top of the page: to the page itself).
    if (afterPost) focusPostBefore(element);
    else document.getElementById('main')?.focus({ preventScroll: true });
  };

  if (sessionId === null) return null;
  return (
    <aside
      ref={panel}
      className={styles.panel}
      aria-labelledby={headingId}
      tabIndex={-1}
      data-testid="keep-access"
    >
      <h2 id={headingId} className={styles.title}>
        {KEY_TEXT.keepAccessPost}
      </h2>
      <KeyDetails
        sessionKey={sessionId}
        what={KEY_TEXT.whatPost}
        compact
        action={
          <button type="button" className={buttonClass('primary', 'small')} onClick={done}>
            {KEY_TEXT.done}
          </button>
        }
      />
    </aside>
  );
}

/** The same, on request from the header. */
export function KeepAccessDialog({ onClose }: { onClose: () => void }) {
  const { sessionId } = useViewer();
  return (
    <Modal open onClose={onClose} title={KEY_TEXT.keepAccessPosts} size="narrow">
      {sessionId !== null && <KeyDetails sessionKey={sessionId} what={KEY_TEXT.whatPosts} />}
      {sessionId !== null && <EraseKey sessionKey={sessionId} onDone={onClose} />}
      <FormActions>
        <button type="button" className={buttonClass('primary')} onClick={onClose}>
          {KEY_TEXT.done}
        </button>
      </FormActions>
    </Modal>
  );
}
