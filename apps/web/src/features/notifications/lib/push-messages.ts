/** The words of "Notify me on this device", in the page's language (read when drawn). */
import { groupText } from '../../../lib/messages.ts';

export const PUSH = groupText('PUSH');
