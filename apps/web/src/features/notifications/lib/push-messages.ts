/** The words of "Notify me on this device", in the page's language (read when drawn). */
import { localized } from '../../../lib/messages.ts';

export const PUSH = localized('PUSH', [
  'turnOn',
  'on',
  'turningOn',
  'turningOff',
  'onHint',
  'offHint',
  'turnedOn',
  'turnedOff',
  'unsupported',
  'blocked',
  'failed',
  'offFailed',
] as const);
