/**
 * Where "Keep access to this post" may appear: right after a post (a feed card, the question,
 * a reply), or at the top of the page when the new post is on no page shown. Nothing here
 * loads the panel until it is offered.
 */
import { lazy, Suspense, useContext, useEffect } from 'react';
import type { PostRef } from '../../../lib/anonymous-key.ts';
import { useViewer } from '../../../lib/auth.ts';
import { withCatalogues } from '../../../lib/i18n.ts';
import { useSupportPanel } from '../../../lib/support-panel.ts';
import { MY_DATA_CATALOGUE } from '../../../locales/my-data/index.ts';
import { PRIVATE_KEY_CATALOGUE } from '../../../locales/private-key/index.ts';
import { KeepAccessOfferContext, postKey } from './keep-access-offer-context.ts';

// With its catalogues, in the page's language (lib/i18n.ts, withCatalogues).
const KeepAccessPanel = lazy(async () => ({
  default: (
    await withCatalogues(import('./keep-access.tsx'), PRIVATE_KEY_CATALOGUE, MY_DATA_CATALOGUE)
  ).KeepAccessPanel,
}));

/** The offer waits while the crisis support panel is shown: one panel at a time. */
function useOfferShown(shown: boolean) {
  const viewer = useViewer();
  const support = useSupportPanel();
  return shown && support === null && !viewer.loading && !viewer.signedIn;
}

/** After the post `type`/`id`: the offer, when it follows that post. */
export function KeepAccessSlot({ type, id }: PostRef) {
  const offer = useContext(KeepAccessOfferContext);
  const register = offer?.register;
  useEffect(() => register?.({ type, id }), [register, type, id]);
  const here = offer?.post != null && postKey(offer.post) === postKey({ type, id });
  const shown = useOfferShown(here);
  if (!shown || !offer) return null;
  return (
    <Suspense fallback={null}>
      <KeepAccessPanel onClose={offer.close} afterPost />
    </Suspense>
  );
}

/** At the top of the page: the offer whose post no page shown holds. */
export function KeepAccessFallback() {
  const offer = useContext(KeepAccessOfferContext);
  const shown = useOfferShown(offer?.post != null && offer.unanchored);
  if (!shown || !offer) return null;
  return (
    <Suspense fallback={null}>
      <KeepAccessPanel onClose={offer.close} />
    </Suspense>
  );
}
