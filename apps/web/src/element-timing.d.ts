/**
 * The Element Timing attribute (https://w3c.github.io/element-timing/), missing from React's
 * types: the browser reports when an element so marked was first painted. The feed's cards
 * carry it, so `npm run bench:web` (and any real-user monitoring) reads when the first card
 * reached the screen.
 */
import 'react';

declare module 'react' {
  interface HTMLAttributes<T> {
    elementtiming?: string;
  }
}
