import { createContext } from 'react';
import type { PostRef } from '../../../lib/anonymous-key.ts';

/**
 * The offer to keep the key after the tab's first anonymous post. It is drawn in the page's
 * flow right after that post (so it never covers it), by a slot next to each post; when no
 * page shown holds the post, at the top of the page.
 */
export interface KeepAccessOffer {
  /** The post the offer follows, until Done; null when nothing is offered. */
  post: PostRef | null;
  /** A slot for `post` is on the page (returns its removal). */
  register: (post: PostRef) => () => void;
  /** No slot has shown the post for a moment: the offer goes to the top of the page. */
  unanchored: boolean;
  close: () => void;
}

export const KeepAccessOfferContext = createContext<KeepAccessOffer | null>(null);

export const postKey = (post: PostRef) => `${post.type}-${post.id}`;
