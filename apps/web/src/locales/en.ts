/**
 * The English catalogue: the source of every other (catalogue.ts) and the text `TEXT` reads
 * by default (lib/messages.ts). ICU messages (https://unicode-org.github.io/icu/userguide/
 * format_parse/messages/), compiled at build time (apps/web/build/lingui-catalogues.ts). The
 * seed's strings are kept word for word: tests and the spec depend on them. Counts are written
 * `{n}`, not `#`, which would format 1000 as "1,000" where the seed printed "1000" (Spanish
 * and Arabic write `#` and `{n, number}`: their counts go through Intl.NumberFormat).
 */
const en = {
  brand: 'Dating Advice',
  askQuestion: 'Ask a Question',
  // The header's button: 'Ask' on phones, 'Ask a Question' to the eye elsewhere and always
  // to screen readers.
  ask: 'Ask',
  askRest: ' a Question',
  menu: 'Menu',
  myContent: 'My Content',
  login: 'Login',
  register: 'Register',
  logout: 'Logout',
  welcome: 'Welcome, {username}!',
  themeToDark: 'Switch to dark theme',
  themeToLight: 'Switch to light theme',
  skipToContent: 'Skip to content',
  mainNav: 'Main',
  // The language menu, in the header and the footer; each language is named in itself.
  language: 'Language',
  // The footer: the pages that explain the site
  footerNav: 'About this site',
  about: 'About',
  privacy: 'Privacy',
  rules: 'Rules',
  howAnonymityWorks: 'How anonymity works',
  opensInNewTab: '(opens in a new tab)',
  // Feed
  searchLabel: 'Search questions',
  searchPlaceholder: 'Search questions…',
  filtersLabel: 'Filters',
  tagFilter: 'Tag',
  genderFilter: 'Gender',
  ageFilter: 'Age group',
  anyTag: 'All tags',
  tagSuggestions: 'Tags',
  sortLabel: 'Sort by',
  // A search's result count; `atLeast` (yes) when the server stopped counting.
  resultCount:
    '{atLeast, select, yes {{n}+ results} other {{n, plural, one {{n} result} other {{n} results}}}}',
  anyGender: 'Any gender',
  anyAge: 'Any age',
  // The feed's languages: the page's language and English by default, or others.
  languageFilter: 'Languages',
  yourLanguages: 'English',
  clearFilters: 'Clear filters',
  postYourQuestion: 'Post your question',
  loadMore: 'Load more',
  loadingMore: 'Loading more…',
  replyCount: '{n, plural, one {1 reply} other {{n} replies}}',
  likeCount: '{n, plural, one {1 like} other {{n} likes}}',
  readMore: 'View question and replies',
  postedBy: 'Posted by: {gender}, {age}',
  // Ask dialog
  questionText: 'Question text',
  edit: 'Edit',
  preview: 'Preview',
  previewEmpty: 'Nothing to preview yet.',
  gender: 'Gender',
  ageGroup: 'Age group',
  tags: 'Tags',
  tagPlaceholder: 'Add a tag and press Enter',
  add: 'Add',
  removeTag: 'Remove tag {name}',
  cancel: 'Cancel',
  submit: 'Submit',
  submitting: 'Submitting…',
  loadingEditor: 'Loading editor…',
  editorToolbar: 'Formatting',
  heading1: 'Header 1',
  heading2: 'Header 2',
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  strike: 'Strike',
  orderedList: 'Ordered list',
  bulletList: 'Bullet list',
  link: 'Link',
  linkUrl: 'Link address',
  applyLink: 'Apply',
  removeLink: 'Remove link',
  cleanFormatting: 'Clean formatting',
  close: 'Close',
  // Question detail
  likeThisPost: 'Like this post',
  report: 'Report',
  // The Report button once the viewer has reported the post (one report per post).
  reported: 'Reported',
  backToHome: 'Back to Home',
  backToMyContent: 'Back to My Content',
  leaveReply: 'Leave a Reply',
  replyText: 'Your reply',
  postReply: 'Post Reply',
  // The reply form read with scripts off (the page drawn on the server).
  scriptsToReply: 'Posting a reply needs JavaScript: turn it on to reply.',
  replies: 'Replies',
  reply: 'Reply',
  submitReply: 'Submit Reply',
  save: 'Save',
  delete: 'Delete',
  yours: '(yours)',
  likeReply: 'Like this reply ({n, plural, one {1 like} other {{n} likes}})',
  editReply: 'Edit reply',
  editQuestion: 'Edit question',
  questionTags: 'Question tags',
  // My content
  myQuestions: 'My Questions',
  myReplies: 'My Replies',
  manageMyContent: 'Manage My Content',
  // Admin; the pending count follows its number ("3 pending reports").
  moderation: 'Moderation',
  pendingCount: '{n, plural, one { pending report} other { pending reports}}',
  pendingReports: 'Pending Reports',
  reportNumber: 'Report #{id}',
  type: 'Type',
  reason: 'Reason',
  details: 'Details',
  session: 'Session',
  created: 'Created',
  content: 'Content',
  question: 'Question',
  answer: 'Answer',
  approve: 'Approve (Delete Content)',
  reject: 'Reject (Keep Content)',
  noDetails: '—',
  viewQuestion: 'View question',
  // Report dialog
  reportTitle: '{target, select, answer {Report answer} other {Report question}}',
  detailsOptional: 'Details (optional)',
  submitReport: 'Submit Report',
  reporting: 'Reporting…',
  // Accounts
  registerTitle: 'Create an account',
  loginTitle: 'Log in',
  username: 'Username',
  email: 'Email (optional)',
  password: 'Password',
  confirmPassword: 'Confirm Password',
  usernameOrEmail: 'Username or Email',
  haveAccount: 'Already have an account?',
  logInLink: 'Log in',
  noAccount: 'No account yet?',
  registerLink: 'Register',
  signingIn: 'Logging in…',
  registering: 'Registering…',
  // Confirm dialog
  confirmTitle: 'Please confirm',
  // Not found
  pageNotFound: 'Page not found',
  notFoundHint: 'The page you are looking for does not exist.',
  notifications: 'Notifications',
  dismiss: 'Dismiss',
  // Failures, offline and retry
  retry: 'Retry',
  retrying: 'Retrying…',
  offlineBanner: 'You are offline. What you write here is kept until you can send it.',
  offline: 'You are offline. Check your connection and try again.',
  // Likes with state: a second press takes the like back
  likeRemoved: 'Like removed.',
  unlikeFailed: "Couldn't remove the like.",
  // Drafts
  discardDraft: 'Discard this draft?',
  discard: 'Discard',
  keepEditing: 'Keep editing',
  // Tags in the Ask dialog
  tagLimits: 'Up to {max} tags, {chars} characters each.',
  tagCount: '{n} of {max} tags',
  selectedTags: 'Selected tags',
  // Long threads
  loadMoreReplies: 'Load more replies',
  showNMoreReplies: '{n, plural, one {Show 1 more reply} other {Show {n} more replies}}',
  replyLevel: 'Level {level}',
  // The private key in the header (the rest of its texts: key-messages.ts)
  privateKey: 'Private key',
  // The same button where a desktop row is narrow (its name stays 'Private key').
  privateKeyShort: 'Key',
  myKey: 'My private key',
  useKey: 'Use my private key',
  // ---- Safety and moderation (safety-strings): the crisis support panel, the personal-
  // information warning, outcome hints, the web's error texts, the moderation screens.
  // The crisis support panel (lib/safety-messages.ts). Its words were reviewed twice in
  // Spanish and Arabic (docs/architecture.md, "The support panel's words").
  supportHeading: 'Support is here if you need it',
  supportPosted: 'Your post is published.',
  supportDismissLabel: 'Dismiss support resources',
  supportDismiss: 'Dismiss',
  supportCall: 'Call {phone}',
  supportMoreHelp: 'More help',
  supportCountryLabel: 'Helplines for',
  supportLinesLoading: 'Loading helplines…',
  supportLinesFailed: 'The helplines for this country could not be loaded.',
  supportLinesRetry: 'Try again',
  supportEmergency: 'In an emergency',
  // The country menu's choices, and the region of the international lines.
  supportCountry:
    '{code, select, international {International} ES {Spain} MX {Mexico} AR {Argentina} CO {Colombia} US {United States (lines in Spanish)} EG {Egypt} SA {Saudi Arabia} AE {United Arab Emirates} MA {Morocco} JO {Jordan} other {{code}}}',
  // The server's default words for the panel (safety/default-resources.json), word for word:
  // shown translated when the server sent these; an operator's own words are shown as sent.
  supportMessage:
    'Thank you for sharing this. You deserve to be safe and supported, and you do not have to face this alone. If you are in immediate danger, call your local emergency number (112 in Europe, 911 in North America, 999 in the UK, 000 in Australia).',
  supportSelfHarmTitle: 'If you are thinking about hurting yourself',
  supportSelfHarmMessage:
    'What you are feeling matters, and it can get better with support. Talking to someone trained to listen can help right now.',
  supportPartnerAbuseTitle: 'If a partner is hurting or controlling you',
  supportPartnerAbuseMessage:
    'Abuse is never your fault. People who specialise in this can help you think through your options and stay safe, at your own pace.',
  supportSexualCoercionTitle: 'If someone forced or pressured you sexually',
  supportSexualCoercionMessage:
    'What happened is not your fault, whatever the circumstances. You can talk to someone in confidence, whenever you are ready.',
  supportCoerciveControlTitle: 'If a partner controls your money, phone or who you see',
  supportCoerciveControlMessage:
    "Controlling someone's money, phone, movements or friendships is a form of abuse, even without violence. It is not your fault, and people who understand it can help you plan, at your own pace.",
  supportStalkingTitle: 'If someone is following, watching or tracking you',
  supportStalkingMessage:
    'Being stalked is frightening and it is not your fault. Keep a record of what happens, and reach out to people who can help you plan for your safety.',
  supportMinorTitle: 'If you are under 18 and someone much older is involved with you',
  supportMinorMessage:
    'An adult who seeks a relationship with someone under 18 is responsible for that, not you. You can talk to someone in confidence about what is happening.',
  // The personal-information warning while writing; its line per kind found is the
  // contract's PII_MSG (below).
  piiHeading: 'Before you post',
  piiIntro: 'Posting is up to you. These could make you or others recognisable:',
  piiRemove: 'Remove',
  piiRemoveItem: 'Remove “{text}”',
  // What "This helped" and updates are for (lib/outcome-hints.ts); {button} is the button's label.
  outcomeHelpedHint:
    'Press "{button}" on the replies that helped you: they move to the top, so others with the same question find them first.',
  outcomeUpdatesHint:
    "What happened next, in the asker's words, so the people who replied and others in the same spot learn how it went.",
  // lib/error-messages.ts: a refusal of the session id while posting.
  errorWithText: 'Error: {text}',
  // Labels of reports and flags (lib/report-labels.ts)
  reportReasonLabel:
    '{reason, select, inappropriate {Inappropriate Content} offensive {Offensive Language} harassment {Harassment} spam {Spam} other {Other}}',
  crisisCategoryLabel:
    '{category, select, self_harm {Self-harm or suicide} partner_abuse {Abuse or violence by a partner} sexual_coercion {Sexual violence or coercion} coercive_control {Coercive control} stalking {Stalking} minor_with_adult {A minor with an adult} other {{category}}}',
  systemReportLabel:
    '{source, select, watched_word_review {Waiting for review (watched word)} watched_word_flag {Flagged by a watched word} edited_after_hiding {Edited after hiding} other {{source}}}',
  // A hidden post, as its author and moderators see it (components/ui/hidden-marker.tsx)
  hiddenReasonLine:
    '{reason, select, watched_word {Waiting for review: it holds a word moderators check first. You can edit it.} inappropriate {Hidden: people reported it as inappropriate. Moderators will review it; you can edit it.} offensive {Hidden: people reported it as offensive. Moderators will review it; you can edit it.} harassment {Hidden: people reported it as harassment. Moderators will review it; you can edit it.} spam {Hidden: people reported it as spam. Moderators will review it; you can edit it.} other {Hidden: people reported it as a problem. Moderators will review it; you can edit it.}}',
  // ---- end of safety and moderation
  // The contract's strings (its UI, MSG, OUTCOME_UI, PII_MSG, labels and the few API_MSG the
  // web app draws itself), keyed 'CONSTANT.key': English word for word from the specification
  // (contract-messages.test.ts holds them equal); lib/messages.ts reads them by those names.
  'UI.tagline': 'Ask. Share. Support. A safe peer-to-peer platform for dating advice.',
  'UI.loadingAuth': 'Loading authentication status...',
  'UI.feedHeading': 'Feed',
  'UI.resultsHeading': 'Results',
  'UI.emptyFiltered': 'No related posts found.',
  'UI.emptyFeed': 'No posts found. Be the first to ask for advice!',
  'UI.loading': 'Loading…',
  'UI.notFound': 'Not found.',
  'UI.noReplies': 'No replies yet.',
  'UI.noQuestionsYet': 'No questions yet.',
  'UI.noPendingReports': 'No pending reports.',
  'UI.pleaseLogIn': 'Please log in to view your content.',
  'UI.contentUnavailable': 'Content not available',
  'UI.deleteQuestionConfirm': 'Delete this question?',
  'UI.deleteReplyConfirm': 'Delete this reply?',
  'MSG.questionEmpty': 'Please enter some text for your question.',
  'MSG.replyEmpty': 'Reply cannot be empty.',
  'MSG.questionEditEmpty': 'Question text cannot be empty.',
  'MSG.passwordsMismatch': 'Passwords do not match.',
  'MSG.sessionMissing': 'Error: Anonymous session ID missing. Please reload the page.',
  'MSG.signInToReply': 'Please sign in to reply.',
  'MSG.loadPostsFailed': 'Failed to load posts.',
  'MSG.loadTagsFailed': 'Failed to load tags.',
  'MSG.loadQuestionFailed': 'Failed to load question.',
  'MSG.loadContentFailed': 'Failed to load your content.',
  'MSG.loadReportsFailed': 'Failed to load reports.',
  'MSG.questionPosted': 'Question posted successfully!',
  'MSG.postQuestionFailedPrefix': 'Failed to post question: ',
  'MSG.postQuestionFailed': 'Failed to post question. Check console for details.',
  'MSG.replySubmitted': 'Reply submitted.',
  'MSG.replySubmittedSuccessfully': 'Reply submitted successfully!',
  'MSG.submitReplyFailedPrefix': 'Failed to submit reply: ',
  'MSG.submitReplyFailed': 'Failed to submit reply. Check console for details.',
  'MSG.likeOnce': 'Can only like once.',
  'MSG.likeQuestionFailed': 'Couldn’t like the question.',
  'MSG.likeFailed': "Couldn't like that.",
  'MSG.questionLiked': 'Question liked!',
  'MSG.replyLiked': 'Reply liked!',
  'MSG.updateReplyFailed': 'Failed to update reply.',
  'MSG.deleteReplyFailed': 'Failed to delete reply.',
  'MSG.updateQuestionFailed': 'Failed to update question.',
  'MSG.deleteQuestionFailed': 'Failed to delete question.',
  'MSG.prepareEditFailed': 'Could not prepare question for editing.',
  'MSG.replyUpdated': 'Reply updated successfully.',
  'MSG.replyDeleted': 'Reply deleted.',
  'MSG.questionUpdated': 'Question updated successfully.',
  'MSG.questionDeleted': 'Question deleted.',
  'MSG.notAuthorized': 'Session expired or not authorized. Please log in again.',
  'MSG.loginToDelete': 'Please log in to delete your content.',
  'MSG.reportThanks': 'Thanks, the admin will review your report.',
  'MSG.reportFailed': 'Error submitting report.',
  'MSG.adminUpdateFailed': 'Failed to update report. Make sure you’re logged in as an admin...',
  'MSG.registerUnexpected': 'An unexpected error occurred during registration.',
  'MSG.registerSuccess': 'Registration successful! Please log in.',
  'MSG.loginUnexpected': 'An unexpected error occurred during login.',
  'MSG.loginSuccess': 'Login successful!',
  'OUTCOME_UI.perspectives': 'Perspectives',
  'OUTCOME_UI.allReplies': 'All replies',
  'OUTCOME_UI.gender': 'Gender',
  'OUTCOME_UI.age': 'Age',
  'OUTCOME_UI.noPerspectiveReplies': 'No replies from this group yet.',
  'OUTCOME_UI.thisHelped': 'This helped',
  'OUTCOME_UI.helped': 'Helped',
  'OUTCOME_UI.markedHelpful': 'Marked as helpful.',
  'OUTCOME_UI.unmarkedHelpful': 'No longer marked as helpful.',
  'OUTCOME_UI.helpfulFailed': 'Could not change the mark.',
  'OUTCOME_UI.updates': 'Updates',
  'OUTCOME_UI.update': 'Update',
  'OUTCOME_UI.addUpdate': 'Add an update',
  'OUTCOME_UI.updateLabel': 'Your update',
  'OUTCOME_UI.postUpdate': 'Post update',
  'OUTCOME_UI.updatePosted': 'Update posted.',
  'OUTCOME_UI.updateFailed': 'Could not post the update.',
  'OUTCOME_UI.withUpdates': 'With updates',
  'OUTCOME_UI.updateCount': '{n, plural, one {1 update} other {{n} updates}}',
  // perspectiveHeading(gender, age): `none` when no group of that kind is chosen.
  perspectiveHeading:
    'What do {gender, select, W {women} M {men} NB {non-binary people} U {people of unspecified gender} other {people}}{age, select, none {} U { of unspecified age} other { {age}}} say?',
  'PII_MSG.phone': 'This looks like a phone number. People who know you could recognise you.',
  'PII_MSG.email': 'This looks like an e-mail address. People who know you could recognise you.',
  'PII_MSG.social':
    'This looks like a social media handle or profile link. People who know you could recognise you.',
  'PII_MSG.address': 'This looks like a street address. People who know you could recognise you.',
  'PII_MSG.name': 'This looks like a full name. People who know you, or them, could recognise you.',
  'PII_MSG.national_id':
    'This looks like an ID number (social security, national insurance...). People who know you could recognise you, and others could misuse it.',
  'PII_MSG.licence_plate':
    'This looks like a licence plate. People who know you, or them, could recognise you.',
  'PII_MSG.payment':
    'This looks like a payment handle or link (Venmo, Cash App, PayPal...). People who know you could recognise you.',
  'GENDER_LABELS.W': 'Woman',
  'GENDER_LABELS.M': 'Man',
  'GENDER_LABELS.NB': 'Non Binary',
  'GENDER_LABELS.U': 'Unspecified',
  'AGE_RANGE_LABELS.18-25': '18-25',
  'AGE_RANGE_LABELS.26-35': '26-35',
  'AGE_RANGE_LABELS.36-45': '36-45',
  'AGE_RANGE_LABELS.45+': '45+',
  'AGE_RANGE_LABELS.U': 'Unspecified',
  'FEED_SORT_LABELS.new': 'Newest',
  'FEED_SORT_LABELS.top': 'Top',
  'FEED_SORT_LABELS.unanswered': 'Unanswered',
  'FEED_SORT_LABELS.active': 'Recently active',
  'API_MSG.required': 'This field is required.',
  'API_MSG.hiddenQuestion': 'This post is hidden while moderators review it.',
  'API_MSG.hiddenReply': 'This reply is hidden while moderators review it.',
  'OUTCOME_API_MSG.updateEmpty': 'An update cannot be empty.',
  // The feed's language filter, besides the default (each language named in the page's).
  allLanguages: 'All languages',
  spanish: 'Spanish',
  arabic: 'Arabic',
  // Marks on posts (components/ui): edited, hidden, the language a post is written in.
  edited: 'edited',
  hiddenMarker: 'Hidden while moderators review it',
  waitingForReview: 'Waiting for review',
  writtenIn: 'Written in {language}',
  // A thread's pseudonyms as the server sends them ('Asker', 'Anon 2'), in the page's language.
  authorAsker: 'Asker',
  authorAnon: 'Anon {n}',
  // The inbox (features/notifications/lib/messages.ts): the bell, the notifications page, Follow.
  'NOTIFY.title': 'Notifications',
  'NOTIFY.bellUnread':
    '{n, plural, one {Notifications, 1 unread} other {Notifications, {n} unread}}',
  'NOTIFY.unreadInMenu': '{n} unread',
  'NOTIFY.intro': 'Replies to your questions and replies, and news of the questions you follow.',
  'NOTIFY.empty': 'Nothing yet. When someone replies to you, it shows here.',
  'NOTIFY.noIdentity':
    "Notifications come to an account, or to this tab's private key once it has posted. Log in, or ask a question.",
  'NOTIFY.loadFailed': "Couldn't load your notifications.",
  'NOTIFY.markAllRead': 'Mark all as read',
  'NOTIFY.markingAllRead': 'Marking as read…',
  'NOTIFY.markAllFailed': "Couldn't mark your notifications as read.",
  'NOTIFY.unread': 'Unread',
  'NOTIFY.follow': 'Follow',
  'NOTIFY.following': 'Following',
  'NOTIFY.followed': "You'll be told of new replies to this question.",
  'NOTIFY.unfollowed': 'You no longer follow this question.',
  'NOTIFY.followFailed': "Couldn't change whether you follow this question.",
  'NOTIFY.newReplies': '{n, plural, one {Show 1 new reply} other {Show {n} new replies}}',
  'NOTIFY.onQuestion': 'On “{text}”',
  'NOTIFY.followingTitle': 'Questions you follow',
  'NOTIFY.followingHint': 'New replies and updates to these reach your notifications.',
  'NOTIFY.followingEmpty': 'Nothing followed yet. Follow a question to hear of its new replies.',
  'NOTIFY.followingLoadFailed': "Couldn't load the questions you follow.",
  'NOTIFY.followedWhen': 'Followed',
  'NOTIFY.hiddenQuestion': 'A question hidden while moderators review it',
  'NOTIFY.unavailable': 'This question is no longer available.',
  // What one notification is about; `who` is the author's label, or 'NOTIFY.someone'.
  'NOTIFY.someone': 'Someone',
  'NOTIFY.reply':
    '{n, plural, one {New reply from {who}} other {{n} new replies, the latest from {who}}}',
  'NOTIFY.answer_reply':
    '{n, plural, one {{who} replied to your reply} other {{n} replies to your reply, the latest from {who}}}',
  'NOTIFY.update':
    '{n, plural, one {The asker updated a question you follow} other {The asker updated a question you follow ({n} updates)}}',
  'NOTIFY.helped':
    '{n, plural, one {The asker marked your reply "This helped"} other {The asker marked {n} of your replies "This helped"}}',
  'NOTIFY.moderation':
    '{n, plural, one {Moderators acted on your post} other {Moderators acted on {n} of your posts}}',
  // "Notify me on this device" (features/notifications/lib/push-messages.ts).
  'PUSH.turnOn': 'Notify me on this device',
  'PUSH.on': 'Notifying this device',
  'PUSH.turningOn': 'Turning on…',
  'PUSH.turningOff': 'Turning off…',
  'PUSH.onHint': 'This device shows a notice when someone replies. It never shows what they wrote.',
  'PUSH.offHint': 'Get a notice on this device when someone replies, even with this site closed.',
  'PUSH.turnedOn': 'This device will be notified.',
  'PUSH.turnedOff': 'This device will no longer be notified.',
  'PUSH.unsupported': "This browser can't show notifications from websites.",
  'PUSH.blocked':
    'Notifications are blocked for this site: allow them in your browser’s site settings, then try again.',
  'PUSH.failed': "Couldn't turn notifications on for this device.",
  'PUSH.offFailed': "Couldn't turn notifications off for this device.",
  // A bare count (a reply's likes, a badge): as it is in English, through Intl in the others.
  count: '{n}',
};

export default en;
