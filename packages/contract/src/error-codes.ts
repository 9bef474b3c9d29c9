/**
 * Every error the API can send, by a stable machine-readable code: the English catalogue
 * the Spanish and Arabic ones must match key for key (apps/server/src/lib/error-messages/).
 *
 * The codes of `API_MSG` and `OUTCOME_API_MSG` are their keys, and their English texts are
 * theirs unchanged; the rest are the server's other refusals, the request checks (Ajv), and
 * one generic code per status for a failure whose text has no entry here (Fastify's own
 * client errors, for one), so that every error response has a code. `{name}` marks a value
 * put in at run time (ICU's simple argument); the English texts are those the server sends
 * today, word for word (the server's tests check the ones it builds elsewhere).
 *
 * The web app imports only the `ErrorCode` type from here: the texts stay on the server.
 */
import { CONTENT_LANGUAGES } from './languages.ts';
import { LIMITS } from './limits.ts';
import { API_MSG, MSG } from './messages.ts';
import { OUTCOME_API_MSG } from './outcomes.ts';
import { SESSION_ID_MSG } from './session-id.ts';
import { TAG_MSG } from './tags.ts';
import { USERNAME_MSG } from './username.ts';

/** Refusals written elsewhere on the server (services, routes and plugins). */
const SERVER_REFUSALS = {
  ownQuestionsOnly: 'You can only list your own questions.',
  parentOtherQuestion: 'The parent must be an answer to the same question.',
  parentDeleted: 'You cannot reply to a deleted answer.',
  reportOneTarget: 'Report exactly one of question or answer.',
  markReadOneOf:
    'Send one of ids (a list of notification ids), all: true, or question (a question id).',
  followLimit: `You can follow at most ${LIMITS.followsMax.toLocaleString('en')} questions at once: unfollow some to follow this one.`,
  languageFilterInvalid: `Language must be all, or language codes separated by commas, each one of ${CONTENT_LANGUAGES.join(', ')}.`,
  ...TAG_MSG,
  tagPersonalInfo:
    'The tag "{tag}" looks like {kinds}. Tags are public: describe the topic, not the people.',
  ...SESSION_ID_MSG,
  silenced: 'You cannot post until {until}: {reason}',
  silenceOneTarget: 'Name exactly one of question, answer or user.',
  silenceNoAuthor: 'The author of this post can no longer be silenced.',
  silenceStaff:
    'Admins and moderators cannot be silenced; an admin can remove a moderator instead.',
  silenceReasonBlank: 'Say why, in a few words.',
  usernameInvalid: 'Enter a valid username.',
  watchedWordBlocked: 'This post contains a word or link that is not allowed here. (Rule {rule}.)',
  watchedWordDuplicate: 'This word is already watched.',
  notACrisisFlag: 'Only a crisis flag can be acknowledged.',
  noPendingReports: 'This post has no pending reports.',
  personalInfoBlocked:
    'This seems to contain {kinds}. Remove it (or replace it with [removed]) to post: personal details are not allowed here.',
  textMalformed: 'Text must not contain NUL characters or invalid Unicode.',
  eventStreamsMax: 'Too many open event streams: close one, or try again later.',
  throttled: 'Request was throttled. Expected available in {seconds} seconds.',
  urlMalformed: 'Malformed URL.',
  internalError: 'Internal server error.',
  // The validators' own refusals, by code so that they follow Accept-Language too.
  ...USERNAME_MSG,
  passwordsMismatch: MSG.passwordsMismatch,
  countryUnknown: 'Country must be one of {countries}.',
  watchedWordEmpty: 'A watched word must hold at least one letter or digit.',
  watchedPhraseTooLong: 'A watched phrase can have at most {max} words.',
} as const;

/** What the request checks say of a field (apps/server/src/plugins/errors.ts `describe`). */
const REQUEST_CHECKS = {
  invalidBody: 'Invalid body.',
  invalidQuerystring: 'Invalid querystring.',
  invalidHeaders: 'Invalid headers.',
  invalidRequest: 'Invalid request.',
  mustBeInteger: 'Must be an integer.',
  mustBeList: 'Must be a list.',
  mustBeType: 'Must be a {type}.',
  notAChoice: 'Not a valid choice. Choose one of: {choices}.',
  tooLong: 'Ensure this field has no more than {limit} characters.',
  tooShort: 'Ensure this field has at least {limit} characters.',
  tooManyItems: 'Ensure this list has no more than {limit} items.',
  tooFewItems: 'Ensure this list has at least {limit} items.',
  tooLarge: 'Ensure this value is less than or equal to {limit}.',
  tooSmall: 'Ensure this value is greater than or equal to {limit}.',
  invalidFormat: 'This value has an invalid format.',
  singleValue: 'Give this parameter once, as a single value.',
  invalidValue: 'Invalid value.',
} as const;

/**
 * A failure whose text has no entry above takes its status's code; its English text is
 * sent as it was, and these texts stand in for it in the other languages.
 */
const BY_STATUS = {
  badRequest: 'The request could not be understood.',
  conflict: 'The request conflicts with the current state of this item.',
  methodNotAllowed: 'This method is not allowed here.',
  bodyTooLarge: 'The body is over the size limit.',
  unsupportedMediaType: 'The body must be JSON.',
  unprocessable: 'The request could not be carried out.',
  tooManyRequests: 'Too many requests: wait a moment, then try again.',
  requestFailed: 'The request failed.',
} as const;

export const ERROR_MSG = {
  ...API_MSG,
  ...OUTCOME_API_MSG,
  ...SERVER_REFUSALS,
  ...REQUEST_CHECKS,
  ...BY_STATUS,
} as const;

export type ErrorCode = keyof typeof ERROR_MSG;

/** A catalogue in another language: exactly the English keys, no more, no fewer. */
export type ErrorCatalogue = { readonly [code in ErrorCode]: string };

export const ERROR_CODES = Object.keys(ERROR_MSG) as ErrorCode[];

/** The code a failure with no catalogued text takes, by its HTTP status. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'notAuthenticated';
    case 403:
      return 'forbidden';
    case 404:
      return 'notFound';
    case 405:
      return 'methodNotAllowed';
    case 409:
      return 'conflict';
    case 413:
      return 'bodyTooLarge';
    case 415:
      return 'unsupportedMediaType';
    case 422:
      return 'unprocessable';
    case 429:
      return 'tooManyRequests';
    case 503:
      return 'serviceUnavailable';
    default:
      if (status >= 500) return 'internalError';
      return status === 400 ? 'badRequest' : 'requestFailed';
  }
}
