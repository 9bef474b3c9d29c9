import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { activateLocale, loadLocale } from '../lib/i18n.ts';
import { DOMAIN_CATALOGUES } from '../locales/domains.ts';

// English, as a page in it has before the app first renders (main.tsx): every catalogue is a
// lazy chunk, the main one included, and each domain's loads with its screen.
await Promise.all([loadLocale('en'), ...DOMAIN_CATALOGUES.map((d) => loadLocale('en', d))]);
activateLocale('en');

// No unit test reaches the network: a call no test answered fails as a browser offline does,
// at once, instead of happy-dom connecting to its default origin (localhost:3000) and
// printing ECONNREFUSED into the run. Tests that expect calls spy on window.fetch.
window.fetch = async () => {
  throw new TypeError('Failed to fetch (no network in unit tests)');
};

// An unexpected console.error fails the test that caused it.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
