/**
 * The texts of taking one's data along or down: the export, deleting an account, erasing a
 * key. Their catalogue (src/locales/my-data/) loads with the screens that show them, in the
 * page's language.
 */
import type { ErasureCounts } from '@dating/contract';
import type en from '../locales/my-data/en.ts';
import { MY_DATA_CATALOGUE } from '../locales/my-data/index.ts';
import { textOf } from './i18n.ts';

/** The counts' values, for the messages that list them (`{counts}`). */
const withCounts = (counts: ErasureCounts) => ({ counts: countsText(counts) });

const PARAMS = {
  counts: (counts: ErasureCounts) => ({ ...counts }),
  eraseConfirm: withCounts,
  erased: withCounts,
};

export const DATA_TEXT = textOf<keyof typeof en, typeof PARAMS>(MY_DATA_CATALOGUE, PARAMS);

/** "2 questions, 1 reply, 0 updates, 3 follows, 2 notifications and 1 device". */
export function countsText(counts: ErasureCounts): string {
  return DATA_TEXT.counts(counts);
}
