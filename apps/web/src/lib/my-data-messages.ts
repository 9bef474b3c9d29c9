/** The texts of taking one's data along or down: the export, deleting an account, erasing a key. */
import type { ErasureCounts } from '@dating/contract';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 questions, 1 reply, 0 updates, 3 follows, 2 notifications and 1 device". */
export function countsText(counts: ErasureCounts): string {
  const parts = [
    plural(counts.questions, 'question', 'questions'),
    plural(counts.answers, 'reply', 'replies'),
    plural(counts.updates, 'update', 'updates'),
    plural(counts.follows, 'follow', 'follows'),
    plural(counts.notifications, 'notification', 'notifications'),
    plural(counts.devices, 'device', 'devices'),
  ];
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

export const DATA_TEXT = {
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
  eraseConfirm: (counts: ErasureCounts) =>
    `This erases ${countsText(counts)}, and this tab forgets the key. Its likes and reports stay: they are stored so that nothing links them to the key. This cannot be undone.`,
  erase: 'Erase',
  erasing: 'Erasing…',
  erased: (counts: ErasureCounts) => `Erased ${countsText(counts)}. This tab has a new key.`,
  eraseFailed: 'Could not erase what this key posted. Please try again.',
} as const;
