/**
 * Every message a user can see, word for word from the specification (§5, §8), plus the
 * server's own error texts. Both sides import from here so the wording is checked once.
 */
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

/** Texts the server answers with (DESIGN.md §2); the web app matches on some of them. */
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
  usernameTaken: 'A user with that username already exists.',
  emailTaken: 'A user with that email already exists.',
  questionEmpty: 'Question text cannot be empty.',
  replyEmpty: 'Reply cannot be empty.',
  deletedPlaceholder: '[deleted]',
  serviceUnavailable: 'Service temporarily unavailable. Please try again.',
  databaseUnavailable: 'Database unavailable.',
} as const;
