/**
 * The private key's screens (keeping access, using a key, the posts of a key, moving them
 * into an account), in English, the source (lib/key-messages.ts reads it). The header's items
 * are in the main catalogue.
 */
export default {
  // Keep access
  keepAccessPost: 'Keep access to this post',
  keepAccessPosts: 'Keep access to your posts',
  // What the key is, in plain words: what is lost without it, and what it is not.
  whatPost:
    "Without this key you can't edit, delete or find this post once this tab closes. It is not linked to your name or e-mail.",
  whatPosts:
    "Without this key you can't edit, delete or find your posts once this tab closes. It is not linked to your name or e-mail.",
  why: 'Anyone holding this key can edit or delete the posts made with it, so keep it private.',
  privateLink: 'Private link',
  code: 'Code',
  copyLink: 'Copy link',
  copyCode: 'Copy code',
  linkCopied: 'Private link copied.',
  codeCopied: 'Code copied.',
  copyFailed: 'Could not copy: select the text and copy it yourself.',
  saveOnDevice: 'Save it on this device',
  saveHint: 'Anyone using this device could then use it.',
  saveReplaces: 'This replaces the key saved on this device before.',
  done: 'Done',
  // Use my private key
  useIntro:
    "Restore a key you kept, and this tab owns its posts again: '(yours)', Edit and Delete come back.",
  fromLink:
    'This key came from a private link. Use only a key you kept yourself: whoever else holds it can edit or delete what you post with it.',
  useSaved: 'Use the key saved on this device',
  orPaste: 'Or paste a key you kept:',
  keyInput: 'Code or private link',
  useThisKey: 'Use this key',
  replacesCurrent: "This tab's current key will be replaced.",
  currentHasPosts:
    "This tab's current key will be replaced, and it has posts: copy its code first to come back to them.",
  currentCode: "This tab's current code",
  signedInNote:
    'You are logged in, so this tab posts as your account: the key is used once you log out. To move its posts into your account, use My Content.',
  restored: 'Private key restored: this tab owns its posts again.',
  restoredSignedIn: 'Private key restored: this tab uses it once you log out.',
  sameKey: 'This tab already uses this key.',
  storageRefused: 'This browser does not let the page keep a key for this tab.',
  keyEmpty: 'Paste the code or the private link you kept.',
  keyMalformed: 'This is not a private key: paste the whole code or private link you kept.',
  keyWeak: 'This key is too simple to be a private key: paste the code or private link you kept.',
  // My Content, signed out
  anonymousPosts: "Posts with this tab's private key",
  anonymousHint: 'Posted in another tab or on another device? Restore that key first.',
  noAnonymousPosts: 'No posts with this key yet.',
  replyTo: 'Reply to: {question}',
  // Moving posts into an account
  claimHeading: 'Anonymous posts',
  claimTitle: 'Move my anonymous posts to this account',
  claimIntro: 'Posted without an account? Move those posts here with their private key.',
  whichKey: 'Which private key?',
  tabKey: "This tab's key from before you logged in",
  deviceKey: 'The key saved on this device',
  pastedKey: 'Another key: paste its code or private link',
  showPosts: 'Show the posts',
  back: 'Back',
  /** The counts that are not 0, joined by "and" (`both`: `yes` when neither is 0). */
  willMove:
    '{total, plural, one {This post} other {These posts}} will move: {questions, plural, =0 {} one {1 question} other {{questions} questions}}{both, select, yes { and } other {}}{replies, plural, =0 {} one {1 reply} other {{replies} replies}}.',
  claimMeaning:
    "Your account will own them: only this site's operators can see that it wrote them, and nothing else moves (likes and reports made with the key stay as they were).",
  claimNone: 'No posts were made with this key.',
  postsToMove: 'Posts that will move',
  claimMore: 'More posts than these will move: every post made with the key.',
  move: '{n, plural, one {Move 1 post} other {Move {n} posts}}',
  moving: 'Moving…',
  moved:
    '{n, plural, one {Moved 1 post to your account.} other {Moved {n} posts to your account.}}',
  claimFailed: 'Could not move the posts. Please try again.',
};
