/**
 * Where the crisis support panel is drawn: right after the post that brought it (a feed card,
 * a reply), or at the top of the page when that post is on no page shown for a moment. The
 * layout loads this only while a panel is shown; the panel itself loads with it.
 */
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import type { PostRef } from '../../lib/anonymous-key.ts';
import { dismissSupport, type ShownSupport, useSupportPanel } from '../../lib/support-panel.ts';

// The panel and the English words it compares the server's with (support-panel-words.ts).
const SupportPanel = lazy(async () => {
  const [panel, words] = await Promise.all([
    import('./support-panel.tsx'),
    import('../../lib/support-panel-words.ts'),
  ]);
  await words.loadPanelWords();
  return panel;
});

/** How long a new post may take to reach the page before the panel shows at the top. */
const ANCHOR_WAIT_MS = 1000;

const postKey = (post: PostRef) => `${post.type}-${post.id}`;

// The posts with a slot on the page now, by key, with how many slots each.
let slots: ReadonlyMap<string, number> = new Map();
const listeners = new Set<() => void>();

function setSlots(next: ReadonlyMap<string, number>) {
  slots = next;
  for (const listener of listeners) listener();
}

function register(post: PostRef): () => void {
  const key = postKey(post);
  const added = new Map(slots);
  added.set(key, (added.get(key) ?? 0) + 1);
  setSlots(added);
  return () => {
    const after = new Map(slots);
    const count = (after.get(key) ?? 1) - 1;
    if (count > 0) after.set(key, count);
    else after.delete(key);
    setSlots(after);
  };
}

function useSlots() {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => slots,
    () => slots,
  );
}

function Panel({ shown, afterPost }: { shown: ShownSupport; afterPost: boolean }) {
  return (
    <Suspense fallback={null}>
      <SupportPanel
        key={shown.panel.message + shown.panel.categories.join()}
        panel={shown.panel}
        language={shown.language}
        afterPost={afterPost}
        onDismiss={dismissSupport}
      />
    </Suspense>
  );
}

/** After the post `type`/`id`: the panel, when that post brought it. */
function SupportSlot({ type, id }: PostRef) {
  const shown = useSupportPanel();
  useEffect(() => register({ type, id }), [type, id]);
  const here = shown?.post != null && postKey(shown.post) === postKey({ type, id });
  return here && shown ? <Panel shown={shown} afterPost /> : null;
}

/** At the top of the page: the panel whose post no page shown holds. */
function SupportFallback() {
  const shown = useSupportPanel();
  const onPage = useSlots();
  const anchored = shown?.post != null && onPage.has(postKey(shown.post));
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

/**
 * The one component the layout loads lazily (one loader, not two, on the home route's
 * budget): after a post when it names one, else at the top of the page.
 */
export default function SupportPlace({ post }: { post?: PostRef }) {
  return post ? <SupportSlot type={post.type} id={post.id} /> : <SupportFallback />;
}
