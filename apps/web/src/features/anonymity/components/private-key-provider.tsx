/**
 * Where the private key's screens live, for the whole app. It offers "Keep access to this
 * post" after the tab's first anonymous post (once per tab, and not when the key is already
 * saved on this device), reads a private link (`#key=...`) and at once removes it from the
 * address bar, and opens the dialogs the header and My Content ask for. What it shows loads
 * on demand, so the first load carries only this.
 */
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { onAnonymousPost } from '../../../lib/anonymous-key.ts';
import { useViewer } from '../../../lib/auth.ts';
import { peekSessionId, privateKeyStore } from '../../../lib/storage.ts';
import { keyFromHash } from '../lib/private-key.ts';
import { type KeyDialogs, KeyDialogsContext } from './key-dialogs-context.ts';

const KeepAccessPanel = lazy(async () => ({
  default: (await import('./keep-access.tsx')).KeepAccessPanel,
}));
const KeepAccessDialog = lazy(async () => ({
  default: (await import('./keep-access.tsx')).KeepAccessDialog,
}));
const UseKeyDialog = lazy(async () => ({
  default: (await import('./use-key-dialog.tsx')).UseKeyDialog,
}));

type Open =
  | { kind: 'keep' }
  | { kind: 'use'; prefill: string; fromLink: boolean; id: number }
  | null;

export function PrivateKeyProvider({ children }: { children: ReactNode }) {
  const viewer = useViewer();
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState<Open>(null);
  const [offered, setOffered] = useState(false);

  // The first anonymous post of the tab: offer to keep its key, once.
  useEffect(
    () =>
      onAnonymousPost(() => {
        if (privateKeyStore.offered()) return;
        privateKeyStore.markOffered();
        const key = peekSessionId();
        if (key !== null && privateKeyStore.saved() === key) return;
        setOffered(true);
      }),
    [],
  );

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
      {children}
      {offered && !viewer.loading && !viewer.signedIn && (
        <Suspense fallback={null}>
          <KeepAccessPanel onClose={() => setOffered(false)} />
        </Suspense>
      )}
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
