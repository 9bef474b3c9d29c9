import { defineProject } from 'vitest/config';

// Unit tests of the e2e support code (the browser lookup); the browser tests themselves
// run under Playwright.
export default defineProject({
  test: {
    name: 'e2e-support',
    include: ['support/**/*.test.ts'],
  },
});
