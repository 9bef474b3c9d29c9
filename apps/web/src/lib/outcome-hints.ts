/**
 * One line each on what "This helped" and the asker's updates are for, in the page's
 * language. Only the thread imports it, so the home route does not carry it.
 */
import { OUTCOME_UI } from './messages.ts';
import { t } from './t.ts';

export const OUTCOME_HINTS = {
  /** Above the replies, for the asker; names the button as it is labelled. */
  get helped() {
    return t('outcomeHelpedHint', { button: OUTCOME_UI.thisHelped });
  },
  /** Under "Updates". */
  get updates() {
    return t('outcomeUpdatesHint');
  },
};
