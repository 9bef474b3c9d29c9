/**
 * The contract without its TypeBox schemas: constants, messages, enums and the pure helpers
 * the web app runs in the browser. The package's index also builds every schema at import
 * time, which cannot be tree-shaken and would add about 10 KB gzipped to the first load, so
 * the browser bundle takes `@dating/contract` from here (apps/web/vite.config.ts) and the
 * schemas' types only from the index. Nothing here may import `schemas/` or typebox
 * (runtime.test.ts checks).
 */
export * from './enums.ts';
export * from './error-codes.ts';
export * from './feed-params.ts';
export * from './helpline-countries.ts';
export * from './hidden-reasons.ts';
export * from './html-policy.ts';
export * from './languages.ts';
export * from './limits.ts';
export * from './live-events.ts';
export * from './messages.ts';
export * from './outcomes.ts';
export * from './page.ts';
export * from './paths.ts';
export * from './pseudonyms.ts';
export * from './retention.ts';
export * from './session-id.ts';
export * from './site-locale.ts';
export * from './staff.ts';
export * from './tags.ts';
export * from './username.ts';
export * from './watched-words.ts';
