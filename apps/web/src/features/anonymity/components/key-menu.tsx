/**
 * The header's private key items, for visitors who are not signed in: "Use my private key"
 * (restore a kept key) and, once this tab's key has posts, "My private key" (keep it). On a
 * desktop they wait behind one "Private key" button, so that the header stays one row at
 * any width; in the phone's menu they are listed with the rest. Shown while the sign-in
 * check runs too, so that the header does not move when it ends.
 */
import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useKeyInUse } from '../../../lib/anonymous-key.ts';
import { useViewer } from '../../../lib/auth.ts';
import { TEXT } from '../../../lib/messages.ts';
import { useKeyDialogs } from './key-dialogs-context.ts';
import styles from './key-menu.module.css';

export function KeyMenu() {
  const viewer = useViewer();
  const inUse = useKeyInUse();
  const dialogs = useKeyDialogs();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  if (viewer.signedIn) return null;
  const choose = (action: () => void) => {
    setOpen(false);
    action();
  };
  // Focus leaving the button and its items, or Escape, closes them (on a desktop).
  const onBlur = (event: FocusEvent<HTMLButtonElement>) => {
    const next = event.relatedTarget as Node | null;
    if (open && next && !root.current?.contains(next)) setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      toggle.current?.focus();
    }
  };
  const handlers = { onBlur, onKeyDown };
  return (
    <div ref={root} className={styles.keyMenu}>
      <button
        ref={toggle}
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        aria-controls={listId}
        aria-label={TEXT.privateKey}
        onClick={() => setOpen((o) => !o)}
        {...handlers}
      >
        <span className={styles.wide}>{TEXT.privateKey}</span>
        <span className={styles.narrow}>{TEXT.privateKeyShort}</span>
        <span className={styles.caret} aria-hidden="true">
          ▾
        </span>
      </button>
      <div id={listId} className={styles.items} data-open={open}>
        {inUse && !viewer.loading && (
          <button
            type="button"
            className={styles.item}
            onClick={() => choose(dialogs.openKeepAccess)}
            {...handlers}
          >
            {TEXT.myKey}
          </button>
        )}
        <button
          type="button"
          className={styles.item}
          onClick={() => choose(() => dialogs.openUseKey())}
          {...handlers}
        >
          {TEXT.useKey}
        </button>
      </div>
    </div>
  );
}
