/**
 * Taking one's data down, in one transaction each:
 * - a key erases what it wrote: its questions (each with its thread and updates) and its
 *   replies (one with replies stays as a "[deleted]" placeholder, as any delete leaves it),
 *   its follows, its inbox and its devices;
 * - an account is deleted: its posts go the same way (`delete`) or stay, unlinked for good
 *   (`anonymize`); its likes are taken back, and its follows, inbox, devices, tokens and the
 *   account itself go; its login names are kept from new accounts for a while.
 * The day's replay records of its writes (plugins/idempotency.ts) go with what they hold.
 * Both are logged in the moderation log as counts only, never which posts or whose.
 *
 * Posts are deleted as `deletePost` deletes them, a question's row locked first, then its
 * answers, questions in id order, so an erasure and the writers of a thread never deadlock.
 */
import type { AccountErasure, AccountPostChoice, ErasureCounts } from '@dating/contract';
import type { TokenService } from '../auth/tokens.ts';
import type { Db, Executor } from '../db/connection.ts';
import type { Owner } from '../db/rows.ts';
import type { DeletedNames } from '../lib/deleted-names.ts';
import { deleteAnswer, findAnswerForChange } from '../repositories/answers.ts';
import { recordDeletedNames } from '../repositories/deleted-names.ts';
import { insertErasureLogEntry } from '../repositories/moderation.ts';
import {
  countOwned,
  deleteFollowsInboxDevices,
  deleteUserRow,
  forgetRepliesNamingUser,
  forgetRepliesOfPosts,
  ownedQuestionIds,
  ownedRepliesElsewhere,
  removeLikesOfUser,
  unlinkPostsOfUser,
} from '../repositories/my-data.ts';
import { deleteQuestion, findQuestionForUpdate } from '../repositories/questions.ts';

/**
 * Deletes every post of the identity: its questions with their threads, and its replies in
 * other threads (placeholders where others replied under them). Question by question, in
 * id order: the question's row first, then the replies under it.
 */
async function deletePostsOf(tx: Executor, owner: Owner): Promise<void> {
  const own = new Set(await ownedQuestionIds(tx, owner));
  const replies = await ownedRepliesElsewhere(tx, owner);
  const questionIds = [...new Set([...own, ...replies.map((reply) => reply.question_id)])].sort(
    (a, b) => a - b,
  );
  for (const questionId of questionIds) {
    if (own.has(questionId)) {
      if (await findQuestionForUpdate(tx, questionId)) await deleteQuestion(tx, questionId);
      continue;
    }
    for (const reply of replies.filter((r) => r.question_id === questionId)) {
      const answer = await findAnswerForChange(tx, reply.id);
      if (answer && !answer.is_deleted) await deleteAnswer(tx, answer);
    }
  }
}

/**
 * What a key holds (its posts, follows, inbox, devices), and unless `dryRun`, erases it.
 * Its likes and reports are stored under MACs no query by the key can find: they stay.
 */
export async function eraseKey(
  db: Db,
  sessionHash: Buffer,
  dryRun: boolean,
): Promise<ErasureCounts> {
  const owner: Owner = { userId: null, sessionHash };
  if (dryRun) return countOwned(db, owner);
  return db.transaction().execute(async (tx) => {
    const counts = await countOwned(tx, owner);
    await forgetRepliesOfPosts(tx, owner);
    await deletePostsOf(tx, owner);
    await deleteFollowsInboxDevices(tx, owner);
    // A key that held nothing erased nothing: no entry.
    if (Object.values(counts).some((n) => n > 0)) {
      await insertErasureLogEntry(tx, 'erase_key', counts);
    }
    return counts;
  });
}

export interface AccountDeletionDeps {
  db: Db;
  tokens: TokenService;
  deletedNames: DeletedNames;
}

/**
 * Deletes the account (its password already checked): its posts as `posts` says, its
 * likes, follows, inbox, devices, sign-ins and the account itself; every token it holds is
 * refused from then on, and its username and email are kept from new accounts for
 * `LIMITS.deletedNameDays` days. Null when the account was already gone.
 */
export async function deleteAccount(
  deps: AccountDeletionDeps,
  account: { id: number; username: string; email: string | null },
  posts: AccountPostChoice,
): Promise<AccountErasure | null> {
  const owner: Owner = { userId: account.id, sessionHash: null };
  return deps.db.transaction().execute(async (tx) => {
    const counts = await countOwned(tx, owner);
    // Likes first: a like of the account's own post would go with the post, uncounted.
    const likes = await removeLikesOfUser(tx, account.id);
    if (posts === 'delete') {
      await forgetRepliesOfPosts(tx, owner);
      await deletePostsOf(tx, owner);
    } else await unlinkPostsOfUser(tx, account.id);
    await deleteFollowsInboxDevices(tx, owner);
    await forgetRepliesNamingUser(tx, account.id);
    // Every access token of every sign-in is refused at once, on every instance.
    await deps.tokens.revokeEveryFamilyOf(tx, account.id);
    const deleted = await deleteUserRow(tx, account.id);
    if (!deleted) return null;
    await recordDeletedNames(tx, [
      deps.deletedNames.of(account.username),
      ...(account.email === null ? [] : [deps.deletedNames.of(account.email)]),
    ]);
    const erased = { ...counts, likes };
    await insertErasureLogEntry(
      tx,
      posts === 'delete' ? 'delete_account' : 'anonymize_account',
      erased,
    );
    return { ...erased, posts };
  });
}
