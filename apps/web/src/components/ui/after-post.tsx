/**
 * A place right after a post (a feed card, the question, a reply) where the app may add
 * something about that post in the page's flow: the offer to keep the private key after an
 * anonymous post. The app says what goes there (app/layout.tsx), so that the features
 * listing posts need not know.
 */
import { type ComponentType, createContext, useContext } from 'react';
import type { PostRef } from '../../lib/anonymous-key.ts';

export const AfterPostContext = createContext<ComponentType<PostRef> | null>(null);

export function AfterPost({ type, id }: PostRef) {
  const Slot = useContext(AfterPostContext);
  return Slot ? <Slot type={type} id={id} /> : null;
}
