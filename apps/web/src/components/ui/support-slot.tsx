/**
 * Where the crisis support panel is drawn: right after the post that brought it (a feed card,
 * a reply), or at the top of the page when that post is on no page shown for a moment. The
 * panel's code loads only when a post about a crisis brings it.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { PostRef } from '../../lib/anonymous-key.ts';
import {
  dismissSupport,
  registerSupportSlot,
  type ShownSupport,
  supportPostKey,
  useSupportAnchored,
  useSupportPanel,
} from '../../lib/support-panel.ts';

const SupportPanel = lazy(() => import('./support-panel.tsx'));

/** How long a new post may take to reach the page before the panel shows at the top. */
const ANCHOR_WAIT_MS = 1000;

function Panel({ shown, afterPost }: { shown: ShownSupport; afterPost: boolean }) {
  return (
    <Suspense fallback={null}>
      <SupportPanel
        key={shown.panel.message + shown.panel.categories.join()}
        panel={shown.panel}
        afterPost={afterPost}
        onDismiss={dismissSupport}
      />
    </Suspense>
  );
}

/** After the post `type`/`id`: the panel, when that post brought it. */
export function SupportSlot({ type, id }: PostRef) {
  const shown = useSupportPanel();
  useEffect(() => registerSupportSlot({ type, id }), [type, id]);
  const here = shown?.post != null && supportPostKey(shown.post) === supportPostKey({ type, id });
  return here && shown ? <Panel shown={shown} afterPost /> : null;
}

/** At the top of the page: the panel whose post no page shown holds. */
export function SupportFallback() {
  const shown = useSupportPanel();
  const anchored = useSupportAnchored();
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    setWaited(false);
    if (shown === null || anchored || shown.post === null) return;
    const timer = window.setTimeout(() => setWaited(true), ANCHOR_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [shown, anchored]);
  if (shown === null || anchored) return null;
  if (shown.post !== null && !waited) return null;
  return <Panel shown={shown} afterPost={false} />;
}
