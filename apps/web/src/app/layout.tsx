import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { AfterPostContext } from '../components/ui/after-post.tsx';
import { OfflineBanner } from '../components/ui/offline-banner.tsx';
import {
  KeepAccessFallback,
  KeepAccessSlot,
} from '../features/anonymity/components/keep-access-slot.tsx';
import { PrivateKeyProvider } from '../features/anonymity/components/private-key-provider.tsx';
import {
  AskQuestionDialog,
  prefetchAskForm,
} from '../features/questions/components/ask-question-dialog.tsx';
import type { PostRef } from '../lib/anonymous-key.ts';
import { useViewer } from '../lib/auth.ts';
import { withCatalogues } from '../lib/i18n.ts';
import { TEXT } from '../lib/messages.ts';
import { useSupportPanel } from '../lib/support-panel.ts';
import { MODERATION_CATALOGUE } from '../locales/moderation/index.ts';
import { AskDialogContext } from './ask-dialog-context.tsx';
import { prefetchOnIdle } from './idle-prefetch.ts';
import styles from './layout.module.css';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { useScrollRestoration } from './use-scroll-restoration.ts';

// Loaded only for a silenced author, the one visitor it speaks to: the moderators' words
// and styles stay out of everyone else's first load.
const SilencedBanner = lazy(async () => ({
  default: (
    await withCatalogues(
      import('../features/moderation/components/silenced-banner.tsx'),
      MODERATION_CATALOGUE,
    )
  ).SilencedBanner,
}));

// Loaded only while a post about a crisis has brought the support panel.
const SupportPlace = lazy(() => import('../components/ui/support-slot.tsx'));

/**
 * What follows a post just made: the crisis support panel, or the offer to keep access
 * (that waits until the panel is dismissed: one at a time).
 */
function AfterPostSlots({ type, id }: PostRef) {
  const support = useSupportPanel();
  return (
    <>
      {support && (
        <Suspense fallback={null}>
          <SupportPlace post={{ type, id }} />
        </Suspense>
      )}
      <KeepAccessSlot type={type} id={id} />
    </>
  );
}

export function Layout() {
  const support = useSupportPanel();
  const [ask, setAsk] = useState<{ open: boolean; prefill: string; key: number }>({
    open: false,
    prefill: '',
    key: 0,
  });
  const openAsk = useCallback(
    (prefill = '') => setAsk((s) => ({ open: true, prefill, key: s.key + 1 })),
    [],
  );
  useScrollRestoration();
  const { silenced } = useViewer();
  useEffect(() => prefetchOnIdle(prefetchAskForm), []);

  return (
    <PrivateKeyProvider>
      <AfterPostContext.Provider value={AfterPostSlots}>
        <AskDialogContext.Provider value={openAsk}>
          <a className={styles.skipLink} href="#main">
            {TEXT.skipToContent}
          </a>
          <SiteHeader onAsk={() => openAsk()} onAskIntent={prefetchAskForm} />
          <OfflineBanner />
          <main id="main" className={styles.main} tabIndex={-1}>
            {silenced !== null && (
              <Suspense fallback={null}>
                <SilencedBanner />
              </Suspense>
            )}
            {support && (
              <Suspense fallback={null}>
                <SupportPlace />
              </Suspense>
            )}
            <KeepAccessFallback />
            <Outlet />
          </main>
          <SiteFooter />
          <AskQuestionDialog
            key={ask.key}
            open={ask.open}
            initialText={ask.prefill}
            onClose={() => setAsk((s) => ({ ...s, open: false }))}
          />
        </AskDialogContext.Provider>
      </AfterPostContext.Provider>
    </PrivateKeyProvider>
  );
}
