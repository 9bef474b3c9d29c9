/**
 * Watching the app take over the screen the server drew (apps/web/src/main.tsx hydrates it
 * with React): which drawn elements it kept, and when it was done.
 */
import { APP_READY_MARK } from '@dating/contract';
import type { Page } from '@playwright/test';

/** How many times the app has marked that it took the page over (APP_READY_MARK). */
export function appReadyMarks(page: Page) {
  return page.evaluate((mark) => performance.getEntriesByName(mark).length, APP_READY_MARK);
}

/**
 * Keeps every element of the screen the server drew (its `main`: the header changes on its
 * own once the app knows who is signed in), as the page's parser made them, before any
 * script runs: the document turns "interactive" once the HTML is parsed, before its module
 * scripts run. `drawnElementsReplaced` then names those that hydration threw away (React
 * reports a mismatch too, which fails the test: support/fixtures.ts; this also catches an
 * element the app itself drew again).
 */
export function keepDrawnElements(page: Page) {
  return page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const drawn = Array.from(document.querySelector('#root main')?.querySelectorAll('*') ?? []);
      Object.assign(window, { drawnElements: drawn });
    });
  });
}

/** The server-drawn elements no longer on the page, each as its tag and some of its text. */
export function drawnElementsReplaced(page: Page) {
  return page.evaluate(() => {
    const drawn = (window as { drawnElements?: Element[] }).drawnElements;
    if (!drawn?.length) throw new Error('the page had no drawn screen to keep');
    return drawn
      .filter((element) => !element.isConnected)
      .map((element) => `<${element.localName}> ${element.textContent?.slice(0, 60)}`);
  });
}
