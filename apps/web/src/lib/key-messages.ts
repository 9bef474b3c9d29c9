/**
 * The private key's texts, from their catalogue (src/locales/private-key/), which loads with
 * the screens that show them, in the page's language (the header's items are in the main
 * catalogue: messages.ts).
 */
import type en from '../locales/private-key/en.ts';
import { PRIVATE_KEY_CATALOGUE } from '../locales/private-key/index.ts';
import { textOf } from './i18n.ts';

const PARAMS = {
  replyTo: (question: string) => ({ question }),
  willMove: (questions: number, replies: number) => ({
    total: questions + replies,
    questions,
    replies,
    both: questions > 0 && replies > 0 ? 'yes' : 'no',
  }),
  move: (n: number) => ({ n }),
  moved: (n: number) => ({ n }),
};

export const KEY_TEXT = textOf<keyof typeof en, typeof PARAMS>(PRIVATE_KEY_CATALOGUE, PARAMS);
