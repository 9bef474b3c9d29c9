/**
 * A screen in both themes at 375 px and 1280 px: a screenshot of each in e2e/screenshots/
 * (gitignored) to look at, and no serious or critical axe violations in any of the four.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible, setTheme } from './fixtures.ts';

export const SHOTS = path.resolve(import.meta.dirname, '../screenshots');
mkdirSync(SHOTS, { recursive: true });

export const WIDTHS = [375, 1280] as const;
export const THEMES = ['light', 'dark'] as const;

/** Long pages (a thread, My Content) are shot whole; the rest as the viewport shows them. */
export async function everyWay(page: Page, name: string, { fullPage = false } = {}) {
  for (const theme of THEMES) {
    await setTheme(page, theme);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 500 ? 800 : 900 });
      await page.waitForTimeout(100);
      await page.screenshot({
        path: path.join(SHOTS, `${name}-${theme}-${width}.png`),
        fullPage,
      });
      await expectAccessible(page, `${name} (${theme}, ${width}px)`);
    }
  }
}
