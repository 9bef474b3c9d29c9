/**
 * Taking one's data along or down (the export, deleting an account, erasing a key), in
 * English, the source (lib/my-data-messages.ts reads it).
 */
export default {
  /** "2 questions, 1 reply, 0 updates, 3 follows, 2 notifications and 1 device". */
  counts:
    '{questions, plural, one {{questions} question} other {{questions} questions}}, {answers, plural, one {{answers} reply} other {{answers} replies}}, {updates, plural, one {{updates} update} other {{updates} updates}}, {follows, plural, one {{follows} follow} other {{follows} follows}}, {notifications, plural, one {{notifications} notification} other {{notifications} notifications}} and {devices, plural, one {{devices} device} other {{devices} devices}}',
  yourData: 'Your data',
  downloadIntro: 'Everything this site keeps for you, as one JSON file.',
  downloadIntroKey: 'Everything this site keeps for this private key, as one JSON file.',
  download: 'Download my data',
  downloading: 'Preparing…',
  downloadFailed: 'Could not download your data. Please try again.',
  // Deleting an account
  deleteAccount: 'Delete my account',
  deleteIntro:
    'Your account goes for good: you are signed out everywhere, and your username can be registered again only after 30 days.',
  password: 'Password',
  postsChoice: 'Your questions and replies',
  postsDelete: 'Delete them (a reply others answered stays as "[deleted]")',
  postsAnonymize:
    'Keep them for others, belonging to nobody: nobody, you included, can link them to you again',
  continue: 'Delete my account…',
  confirmTitle: 'Delete your account?',
  confirmDelete:
    'Your account, its likes, follows, notifications and devices go, and your questions and replies are deleted. This cannot be undone.',
  confirmAnonymize:
    'Your account, its likes, follows, notifications and devices go; your questions and replies stay, belonging to nobody. This cannot be undone.',
  confirm: 'Delete my account',
  deleting: 'Deleting…',
  deleted: 'Your account was deleted.',
  deleteFailed: 'Could not delete your account. Please try again.',
  passwordRequired: 'Enter your password.',
  cancel: 'Cancel',
  // Erasing a key
  eraseKey: 'Forget this key and erase what it posted',
  eraseTitle: 'Erase what this key posted?',
  eraseCounting: 'Counting what this key holds…',
  eraseConfirm:
    'This erases {counts}, and this tab forgets the key. Its likes and reports stay: they are stored so that nothing links them to the key. This cannot be undone.',
  erase: 'Erase',
  erasing: 'Erasing…',
  erased: 'Erased {counts}. This tab has a new key.',
  eraseFailed: 'Could not erase what this key posted. Please try again.',
};
