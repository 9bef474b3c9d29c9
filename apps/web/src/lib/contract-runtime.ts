/**
 * The runtime half of `@dating/contract` for the browser bundle (Vite aliases the package
 * here). The package's index also builds TypeBox schemas at import time, which cannot be
 * tree-shaken and would add ~10 KB gzip to the first load; the web app needs only these
 * modules at run time and imports types from the package itself.
 */
export * from '../../../../packages/contract/src/enums.ts';
export * from '../../../../packages/contract/src/feed-params.ts';
export * from '../../../../packages/contract/src/html-policy.ts';
export * from '../../../../packages/contract/src/limits.ts';
export * from '../../../../packages/contract/src/messages.ts';
export * from '../../../../packages/contract/src/outcomes.ts';
export * from '../../../../packages/contract/src/page.ts';
export * from '../../../../packages/contract/src/pseudonyms.ts';
export * from '../../../../packages/contract/src/session-id.ts';
export * from '../../../../packages/contract/src/tags.ts';
export * from '../../../../packages/contract/src/username.ts';
