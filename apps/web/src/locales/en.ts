/**
 * The English catalogue: the source of every other (catalogue.ts) and the text `TEXT` reads
 * by default (lib/messages.ts). ICU messages (https://unicode-org.github.io/icu/userguide/
 * format_parse/messages/), compiled at build time (apps/web/build/lingui-catalogues.ts). The
 * seed's strings are kept word for word: tests and the spec depend on them. Counts are written
 * `{n}`, not `#`, which would format 1000 as "1,000" where the seed printed "1000".
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
  // The personal-information warning while writing; one line per kind found (the
  // contract's PII_MSG, word for word in English).
  piiHeading: 'Before you post',
  piiIntro: 'Posting is up to you. These could make you or others recognisable:',
  piiRemove: 'Remove',
  piiRemoveItem: 'Remove “{text}”',
  piiPhone: 'This looks like a phone number. People who know you could recognise you.',
  piiEmail: 'This looks like an e-mail address. People who know you could recognise you.',
  piiSocial:
    'This looks like a social media handle or profile link. People who know you could recognise you.',
  piiAddress: 'This looks like a street address. People who know you could recognise you.',
  piiName: 'This looks like a full name. People who know you, or them, could recognise you.',
  piiNationalId:
    'This looks like an ID number (social security, national insurance...). People who know you could recognise you, and others could misuse it.',
  piiLicencePlate:
    'This looks like a licence plate. People who know you, or them, could recognise you.',
  piiPayment:
    'This looks like a payment handle or link (Venmo, Cash App, PayPal...). People who know you could recognise you.',
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
  // The moderation queue and its log (lib/moderation-log-messages.ts)
  modReportApproved: 'Report approved: the content was deleted.',
  modReportRejected: 'Report rejected: the content stays.',
  modFlaggedAs: 'Flagged by the crisis check: {categories}',
  modOnlyModerators: 'Only moderators can see this page.',
  modLogIn: 'Log in',
  modActivity: 'Activity',
  modActivityHeading: 'Moderation activity',
  modNoActivity: 'No moderation activity yet.',
  modLoadActivityFailed: 'Failed to load moderation activity.',
  modAction:
    '{action, select, approve {Approved (content deleted)} reject {Rejected (content kept)} auto_hide {Hidden automatically} unhide {Shown again} delete {Deleted by an admin} acknowledge {Crisis flag acknowledged (content kept)} delete_account {Account deleted with its posts} anonymize_account {Account deleted, its posts kept for nobody} erase_key {A private key erased what it posted} silence {Silenced} lift_silence {Silence lifted} appoint_moderator {Moderator appointed} remove_moderator {Moderator removed} other {{action}}}',
  modByStaff:
    '{role, select, admin {by {name} (admin)} moderator {by {name} (moderator)} other {by {name}}}',
  modSilencedFor: '{who} silenced for {days, plural, one {{days} day} other {{days} days}}',
  modErasureCount:
    '{what, select, questions {questions {n}} answers {answers {n}} updates {updates {n}} follows {follows {n}} notifications {notifications {n}} devices {devices {n}} likes {likes {n}} other {{what} {n}}}',
  modListSeparator: ', ',
  modByServer: 'by the server',
  modTargetQuestion: '{id, select, none {A question} other {Question #{id}}}',
  modTargetAnswer: '{id, select, none {A reply} other {Reply #{id}}}',
  modTargetAccount: 'An account',
  modTargetAccountId: 'Account #{id}',
  modAuthorOfQuestion: '{id, select, none {Author of a question} other {Author of question #{id}}}',
  modAuthorOfAnswer: '{id, select, none {Author of a reply} other {Author of reply #{id}}}',
  modTargetKey: 'A private key',
  modForReport: 'Report #{id}',
  modNote: 'Note',
  modSnapshot: 'Content as it was',
  modPiiRemoved: 'Personal information replaced by [removed].',
  // Moderators' screens, silences, the silenced author's banner (features/moderation)
  modSeconds: '{n} s',
  modMinutes: '{n} min',
  modHours: '{n} h',
  modDays: '{n, plural, one {{n} day} other {{n} days}}',
  modHealth: 'Queue health',
  modPending: '{n} pending',
  modNothingWaiting: 'nothing waiting',
  modOldest: 'oldest waiting {duration}',
  modNoReviews: 'no reviews in the last 7 days',
  modMedian: 'median review {duration} (7 days)',
  modSilences: 'Silences',
  modSilencesHeading: 'Silenced authors',
  modNoSilences: 'Nobody is silenced.',
  modLoadSilencesFailed: 'Failed to load the silences.',
  modUntil: 'until {date}',
  modLift: 'Lift',
  modLiftLabel: 'Lift the silence of the {from}',
  modLifted: 'Silence lifted.',
  modLiftFailed: 'Could not lift the silence. Try again.',
  modSilenceAuthor: 'Silence author',
  modSilenceTitle: 'Silence the author of {target}',
  modSilenceHint:
    'They can still read, but cannot post, reply, like or report until then. Nobody learns who they are.',
  modDaysLabel: 'Days',
  modReasonLabel: 'Reason (the author sees it)',
  modSilence: 'Silence',
  modCancel: 'Cancel',
  modSilenced: 'Author silenced for {days, plural, one {{days} day} other {{days} days}}.',
  modSilenceFailed: 'Could not silence the author. Try again.',
  modModerators: 'Moderators',
  modModeratorsIntro:
    'Moderators review the queue, hide and restore posts, silence authors and read the log. They cannot appoint moderators or change site settings.',
  modNoModerators: 'No moderators yet.',
  modLoadModeratorsFailed: 'Failed to load the moderators.',
  modUsername: 'Username',
  modAppoint: 'Appoint',
  modAppointed: '{name} is now a moderator.',
  modRemove: 'Remove',
  modRemoveLabel: 'Remove {name} as moderator',
  modRemoved: '{name} is no longer a moderator.',
  modNoSuchUser: 'No account has this username.',
  modModeratorFailed: 'Could not change the moderators. Try again.',
  modBannerTitle: 'You cannot post for now',
  modBanner: 'A moderator silenced you until {until}: {reason}. You can still read.',
  // The queue grouped per post, and "Acknowledge, keep" (features/reports)
  queueByPost: 'By post',
  queueByPostHeading: 'Reports by post, worst first',
  queueAcknowledge: 'Acknowledge, keep',
  queueAcknowledgeHint:
    'Records that you saw this crisis flag and keeps the post. Nothing is deleted.',
  queueFlagAcknowledged: 'Crisis flag acknowledged: the post stays.',
  queuePriority:
    '{priority, select, hidden {Hidden by reports} crisis {Crisis flag} reported {Reported} other {{priority}}}',
  queueGroupQuestion: '{id, select, none {Question} other {Question #{id}}}',
  queueGroupReply: '{id, select, none {Reply} other {Reply #{id}}}',
  queueReportCount: '{n, plural, one {1 report} other {{n} reports}}',
  queueReasons: 'Reasons',
  queueGroupApproved: 'Content deleted; {n, plural, one {1 report} other {{n} reports}} closed.',
  queueGroupRejected: 'Content kept; {n, plural, one {1 report} other {{n} reports}} closed.',
  // Watched words (features/watched-words)
  watchedHeading: 'Watched words',
  watchedIntro:
    'Posts holding one of these words are refused, held for review, or published and flagged. Case, full-width letters, look-alike letters and letters written apart all match.',
  watchedWord: 'Word, phrase or pattern',
  watchedWordHint: 'Whole words only; * stands for any letters inside a word (scam*).',
  watchedAction: 'What happens to a post holding it',
  watchedActionLabel:
    '{action, select, block {Block the post} review {Hold for review} flag {Publish and flag} other {{action}}}',
  watchedAdd: 'Add',
  watchedAdding: 'Adding…',
  watchedRemove: 'Remove “{word}”',
  watchedRemoveShort: 'Remove',
  watchedEmpty: 'No watched words yet.',
  watchedFailed: 'Failed to load the watched words.',
  watchedFailedSave: 'The word could not be saved. Try again.',
  watchedListLabel: 'Watched words in force',
  // A hidden post, as its author and moderators see it (components/ui/hidden-marker.tsx)
  hiddenMarker: 'Hidden while moderators review it',
  hiddenWaiting: 'Waiting for review',
  hiddenReasonLine:
    '{reason, select, watched_word {Waiting for review: it holds a word moderators check first. You can edit it.} inappropriate {Hidden: people reported it as inappropriate. Moderators will review it; you can edit it.} offensive {Hidden: people reported it as offensive. Moderators will review it; you can edit it.} harassment {Hidden: people reported it as harassment. Moderators will review it; you can edit it.} spam {Hidden: people reported it as spam. Moderators will review it; you can edit it.} other {Hidden: people reported it as a problem. Moderators will review it; you can edit it.}}',
  // ---- end of safety and moderation
};

export default en;
