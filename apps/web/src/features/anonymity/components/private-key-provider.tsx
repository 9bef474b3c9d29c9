/**
 * Where the private key's screens live, for the whole app. It offers "Keep access to this
 * post" after the tab's first anonymous post (once per tab, and not when the key is already
 * saved on this device), drawn by ./keep-access-slot.tsx right after that post; it reads a
 * private link (`#key=...`) and at once removes it from the address bar, and opens the
 * dialogs the header and My Content ask for. What it shows loads on demand, so the first
 * load carries only this.
 */
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { onAnonymousPost, type PostRef } from '../../../lib/anonymous-key.ts';
import { withCatalogues } from '../../../lib/i18n.ts';
import { peekSessionId, privateKeyStore } from '../../../lib/storage.ts';
import { MY_DATA_CATALOGUE } from '../../../locales/my-data/index.ts';
import { PRIVATE_KEY_CATALOGUE } from '../../../locales/private-key/index.ts';
import { keyFromHash } from '../lib/private-key.ts';
import {
  type KeepAccessOffer,
  KeepAccessOfferContext,
  postKey,
} from './keep-access-offer-context.ts';
import { type KeyDialogs, KeyDialogsContext } from './key-dialogs-context.ts';

/** How long a new post may take to reach the page before the offer shows at the top. */
const ANCHOR_WAIT_MS = 1000;

// Each with its catalogues, in the page's language (lib/i18n.ts, withCatalogues).
const KeepAccessDialog = lazy(async () => ({
  default: (
    await withCatalogues(import('./keep-access.tsx'), PRIVATE_KEY_CATALOGUE, MY_DATA_CATALOGUE)
  ).KeepAccessDialog,
}));
const UseKeyDialog = lazy(async () => ({
  default: (await withCatalogues(import('./use-key-dialog.tsx'), PRIVATE_KEY_CATALOGUE))
    .UseKeyDialog,
}));

type Open =
  | { kind: 'keep' }
  | { kind: 'use'; prefill: string; fromLink: boolean; id: number }
  | null;

/** The offer and the slots on the page that could draw it. */
function useKeepAccessOffer(): KeepAccessOffer {
  const [post, setPost] = useState<PostRef | null>(null);
  // The posts that have a slot on the page now (one entry per slot).
  const [slots, setSlots] = useState<readonly string[]>([]);
  const [waited, setWaited] = useState(false);

  // The first anonymous post of the tab: offer to keep its key, once.
  useEffect(
    () =>
      onAnonymousPost((posted) => {
        if (privateKeyStore.offered()) return;
        privateKeyStore.markOffered();
        const key = peekSessionId();
        if (key !== null && privateKeyStore.saved() === key) return;
        setPost(posted);
      }),
    [],
  );

  const register = useCallback((slot: PostRef) => {
    const key = postKey(slot);
    setSlots((current) => [...current, key]);
    return () =>
      setSlots((current) => {
        const at = current.indexOf(key);
        return at < 0 ? current : [...current.slice(0, at), ...current.slice(at + 1)];
      });
  }, []);

  // A post on no page shown (asked from a page that does not list it, or left behind by
  // navigating): after a moment the offer shows at the top of the page instead.
  const anchored = post !== null && slots.includes(postKey(post));
  useEffect(() => {
    setWaited(false);
    if (post === null || anchored) return;
    const timer = window.setTimeout(() => setWaited(true), ANCHOR_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [post, anchored]);

  const close = useCallback(() => setPost(null), []);
  const unanchored = post !== null && !anchored && waited;
  return useMemo(
    () => ({ post, register, unanchored, close }),
    [post, register, unanchored, close],
  );
}

export function PrivateKeyProvider({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState<Open>(null);
  const offer = useKeepAccessOffer();

  // A private link: read the key, clean the address bar, and let the visitor confirm. It is
  // never adopted silently: a link from someone else would make this tab post with their key.
  const linkKey = keyFromHash(location.hash);
  useEffect(() => {
    if (linkKey === null) return;
    navigate(
      { pathname: location.pathname, search: location.search },
      { replace: true, state: location.state },
    );
    setOpen({ kind: 'use', prefill: linkKey, fromLink: true, id: Date.now() });
  }, [linkKey, location.pathname, location.search, location.state, navigate]);

  const dialogs = useMemo<KeyDialogs>(
    () => ({
      openUseKey: (prefill) =>
        setOpen({
          kind: 'use',
          prefill: prefill?.key ?? '',
          fromLink: prefill?.fromLink ?? false,
          id: Date.now(),
        }),
      openKeepAccess: () => setOpen({ kind: 'keep' }),
    }),
    [],
  );
  const close = () => setOpen(null);

  return (
    <KeyDialogsContext.Provider value={dialogs}>
      <KeepAccessOfferContext.Provider value={offer}>{children}</KeepAccessOfferContext.Provider>
      {open?.kind === 'keep' && (
        <Suspense fallback={null}>
          <KeepAccessDialog onClose={close} />
        </Suspense>
      )}
      {open?.kind === 'use' && (
        <Suspense fallback={null}>
          <UseKeyDialog
            key={open.id}
            prefill={open.prefill}
            fromLink={open.fromLink}
            onClose={close}
          />
        </Suspense>
      )}
    </KeyDialogsContext.Provider>
  );
}
