import type { PiiKind } from './enums.ts';

/**
 * Every message a user can see, word for word from the specification (§5, §8), plus the
 * server's own error texts. Both sides import from here so the wording is checked once.
 */
import { FEED_SORTS } from './enums.ts';
import { LIMITS } from './limits.ts';

export const UI = {
  tagline: 'Ask. Share. Support. A safe peer-to-peer platform for dating advice.',
  loadingAuth: 'Loading authentication status...',
  feedHeading: 'Feed',
  resultsHeading: 'Results',
  emptyFiltered: 'No related posts found.',
  emptyFeed: 'No posts found. Be the first to ask for advice!',
  loading: 'Loading…',
  notFound: 'Not found.',
  noReplies: 'No replies yet.',
  noQuestionsYet: 'No questions yet.',
  noPendingReports: 'No pending reports.',
  pleaseLogIn: 'Please log in to view your content.',
  contentUnavailable: 'Content not available',
  deleteQuestionConfirm: 'Delete this question?',
  deleteReplyConfirm: 'Delete this reply?',
} as const;

export const MSG = {
  // §5 validation
  questionEmpty: 'Please enter some text for your question.',
  replyEmpty: 'Reply cannot be empty.',
  questionEditEmpty: 'Question text cannot be empty.',
  passwordsMismatch: 'Passwords do not match.',
  sessionMissing: 'Error: Anonymous session ID missing. Please reload the page.',
  signInToReply: 'Please sign in to reply.',
  // §8 load failures
  loadPostsFailed: 'Failed to load posts.',
  loadTagsFailed: 'Failed to load tags.',
  loadQuestionFailed: 'Failed to load question.',
  loadContentFailed: 'Failed to load your content.',
  loadReportsFailed: 'Failed to load reports.',
  // §8 posting
  questionPosted: 'Question posted successfully!',
  postQuestionFailedPrefix: 'Failed to post question: ',
  postQuestionFailed: 'Failed to post question. Check console for details.',
  replySubmitted: 'Reply submitted.',
  replySubmittedSuccessfully: 'Reply submitted successfully!',
  submitReplyFailedPrefix: 'Failed to submit reply: ',
  submitReplyFailed: 'Failed to submit reply. Check console for details.',
  // §8 likes
  likeOnce: 'Can only like once.',
  likeQuestionFailed: 'Couldn’t like the question.',
  likeFailed: "Couldn't like that.",
  questionLiked: 'Question liked!',
  replyLiked: 'Reply liked!',
  // §8 edit and delete
  updateReplyFailed: 'Failed to update reply.',
  deleteReplyFailed: 'Failed to delete reply.',
  updateQuestionFailed: 'Failed to update question.',
  deleteQuestionFailed: 'Failed to delete question.',
  prepareEditFailed: 'Could not prepare question for editing.',
  replyUpdated: 'Reply updated successfully.',
  replyDeleted: 'Reply deleted.',
  questionUpdated: 'Question updated successfully.',
  questionDeleted: 'Question deleted.',
  // §8 my content
  notAuthorized: 'Session expired or not authorized. Please log in again.',
  loginToDelete: 'Please log in to delete your content.',
  // §8 reports
  reportThanks: 'Thanks, the admin will review your report.',
  reportFailed: 'Error submitting report.',
  adminUpdateFailed: 'Failed to update report. Make sure you’re logged in as an admin...',
  // §8 accounts
  registerUnexpected: 'An unexpected error occurred during registration.',
  registerSuccess: 'Registration successful! Please log in.',
  loginUnexpected: 'An unexpected error occurred during login.',
  loginSuccess: 'Login successful!',
} as const;

/** Texts the server answers with; the web app matches on some of them. */
export const API_MSG = {
  notFound: 'Not found.',
  required: 'This field is required.',
  alreadyLikedQuestionUser: 'You have already liked this question.',
  alreadyLikedQuestionSession: 'This session has already liked this question.',
  alreadyLikedAnswerUser: 'You have already liked this answer.',
  alreadyLikedAnswerSession: 'This session has already liked this answer.',
  badCredentials: 'No active account found with the given credentials',
  notAuthenticated: 'Authentication credentials were not provided.',
  tokenInvalid: 'Given token not valid for any token type',
  forbidden: 'You do not have permission to perform this action.',
  sessionInvalid: 'A valid anonymous session id is required.',
  anonymousKeyOnly:
    'A signed-in request carries no anonymous key: send the key in X-Session-Id without the bearer token.',
  usernameTaken: 'A user with that username already exists.',
  emailTaken: 'A user with that email already exists.',
  passwordTooShort: `This password is too short. It must contain at least ${LIMITS.passwordMin} characters.`,
  passwordTooLong: `Ensure this field has no more than ${LIMITS.passwordMax} characters.`,
  passwordNumeric: 'This password is entirely numeric.',
  passwordLikeUsername: 'The password is too similar to the username.',
  emailInvalid: 'Enter a valid email address.',
  passwordIncorrect: 'The password is not correct.',
  usernameRecentlyDeleted: `An account with this name was deleted less than ${LIMITS.deletedNameDays} days ago: choose another name, or wait.`,
  emailRecentlyDeleted: `An account with this email was deleted less than ${LIMITS.deletedNameDays} days ago: use another email, or wait.`,
  questionEmpty: 'Question text cannot be empty.',
  replyEmpty: 'Reply cannot be empty.',
  deletedPlaceholder: '[deleted]',
  serviceUnavailable: 'Service temporarily unavailable. Please try again.',
  databaseUnavailable: 'Database unavailable.',
  /** A write whose COMMIT went unanswered (the database stopped answering): it may have been saved. */
  writeMayHaveBeenSaved:
    'Service temporarily unavailable: this may have been saved. Retry with the same Idempotency-Key, or check before sending it again.',
  idempotencyKeyInvalid:
    'Idempotency-Key must be 8 to 128 characters of letters, digits, underscores and hyphens.',
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
  idempotencyInProgress:
    'A request with this Idempotency-Key is still being processed. Retry in a moment.',
  idempotencyResponseLost:
    'A request with this Idempotency-Key was carried out, but its response was lost. It will not be carried out again.',
  // Reports and moderation
  alreadyReported: 'You have already reported this.',
  reportAlreadyReviewed: 'This report has already been reviewed.',
  reportOwnContent: 'You cannot report your own post.',
  hiddenQuestion: 'This post is hidden while moderators review it.',
  hiddenReply: 'This reply is hidden while moderators review it.',
  // Proof-of-work for anonymous writes
  powMissing:
    'Anonymous posts, replies, likes and reports need a solved challenge: get one from GET /api/challenge/, solve it, and send the solution in the X-Altcha header.',
  powInvalid: 'The challenge solution is not valid: get a new challenge and solve it again.',
  powExpired: 'The challenge has expired: get a new one from GET /api/challenge/ and solve it.',
  powReused: 'This challenge has already been used: solve a new one for each post.',
  tagIdInvalid: 'A tag id is a whole number written in decimal digits, such as 12.',
  replyTooDeep: `Replies can nest at most ${LIMITS.replyDepth} levels deep: reply higher up the thread.`,
  cursorInvalid: 'Invalid cursor.',
  sortInvalid: `Sort must be one of ${FEED_SORTS.join(', ')}.`,
  // Web Push
  pushEndpointInvalid: 'The endpoint must be the https URL the browser’s push service gave.',
  pushEndpointInsecure: 'The endpoint must be an https URL.',
  pushEndpointPort: 'The endpoint must use the https port, 443.',
  pushEndpointPrivate:
    'The endpoint’s host must lead to the public internet, not to a private, local or reserved address.',
  pushEndpointUnresolved: 'The endpoint’s host could not be found.',
  pushP256dhInvalid:
    'keys.p256dh must be the browser’s P-256 public key: 65 bytes in unpadded base64url.',
  pushAuthInvalid: 'keys.auth must be the browser’s 16-byte secret in unpadded base64url.',
  pushSubscriptionsMax: `One identity can be told on at most ${LIMITS.pushSubscriptionsMax} devices: turn notifications off on one first.`,
} as const;

/**
 * The personal-info guard's warning for each kind it finds (safety/personal-info.ts):
 * calm, and saying why it matters. Shown while writing; never a refusal (unless the
 * operator sets PII_GUARD=block, see `piiBlockedMessage`).
 */
export const PII_MSG = {
  phone: 'This looks like a phone number. People who know you could recognise you.',
  email: 'This looks like an e-mail address. People who know you could recognise you.',
  social:
    'This looks like a social media handle or profile link. People who know you could recognise you.',
  address: 'This looks like a street address. People who know you could recognise you.',
  name: 'This looks like a full name. People who know you, or them, could recognise you.',
  national_id:
    'This looks like an ID number (social security, national insurance...). People who know you could recognise you, and others could misuse it.',
  licence_plate:
    'This looks like a licence plate. People who know you, or them, could recognise you.',
  payment:
    'This looks like a payment handle or link (Venmo, Cash App, PayPal...). People who know you could recognise you.',
} as const satisfies Record<PiiKind, string>;

/** What PII_GUARD=block's refusal calls each kind (the server has them in Spanish and Arabic). */
export const PII_KIND_NAMES = {
  phone: 'a phone number',
  email: 'an e-mail address',
  social: 'a social media handle or link',
  address: 'a street address',
  name: 'a full name',
  national_id: 'an ID number',
  licence_plate: 'a licence plate',
  payment: 'a payment handle',
} as const satisfies Record<PiiKind, string>;

/** "a, b and c": the English list of the kinds' names (no serial comma). */
export function englishList(items: readonly string[]): string {
  return items.length > 1
    ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
    : (items[0] ?? '');
}

/** PII_GUARD=block: the 400's message, naming what was found. */
export function piiBlockedMessage(kinds: readonly PiiKind[]): string {
  const joined = englishList(kinds.map((kind) => PII_KIND_NAMES[kind]));
  return `This seems to contain ${joined}. Remove it (or replace it with [removed]) to post: personal details are not allowed here.`;
}
