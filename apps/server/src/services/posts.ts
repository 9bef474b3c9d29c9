/**
 * Writing posts: asking a question, replying, editing and deleting either. Each command
 * cleans the text, runs the safety checks, takes its locks and checks ownership inside one
 * transaction, flags a crisis for moderators, logs an admin's deletion, and tells whom it
 * concerns (services/notifications.ts). Routes parse, call one command, and present what
 * it returns.
 *
 * Ownership is one rule for questions and replies (auth/identity.ts `isOwner`): the
 * signed-in author, or the anonymous key that wrote it. Admins may delete anything, and
 * such a deletion is logged with what the post was. Nobody at all (no account, no key) is
 * 401; anyone else who is not the owner is 403, which the route counts as a guess at the
 * owner's key (plugins/rate-limit.ts `ownerOnly`).
 */
import {
  type AgeRange,
  type Gender,
  LIMITS,
  normalizeTags,
  type Tag,
  tagNamesIssue,
} from '@dating/contract';
import { type Author, isOwner, requireAuthor, STRANGER, type Viewer } from '../auth/identity.ts';
import { moderates, roleOf } from '../auth/roles.ts';
import type { Db, Executor, WriteClaim } from '../db/connection.ts';
import { commitsAsItEnds } from '../db/deadline.ts';
import { WriteBatcher, type WriteBatchOptions } from '../db/write-batches.ts';
import { detectLanguage } from '../lib/content-language.ts';
import { tagKinds } from '../lib/error-messages/kinds.ts';
import { fieldError, forbidden, message, notFound, unauthorized } from '../lib/http-errors.ts';
import { cleanReplyText } from '../lib/reply-text.ts';
import { htmlToPlainText, sanitizeQuestionHtml } from '../lib/rich-text.ts';
import { linksOf, type WatchedWordMatch } from '../lib/watched-words.ts';
import type { AnswerRow } from '../presenters/answers.ts';
import { type Visibility, visibleTo } from '../presenters/ownership.ts';
import {
  answerDepth,
  deleteAnswer,
  findAnswer,
  findAnswerForChange,
  findAnswerForUpdate,
  type NewReply,
  type ReplyOutcome,
  updateAnswerText,
  writeReplies,
} from '../repositories/answers.ts';
import { recordIdempotentResponses } from '../repositories/idempotency-keys.ts';
import { recipientKey, setExcerptsOf } from '../repositories/notifications.ts';
import {
  deleteQuestion,
  findPostVisibility,
  findQuestionForUpdate,
  type InsertedQuestionWithTags,
  insertQuestion,
  insertQuestionsWithKnownTags,
  type LockedQuestion,
  type NewQuestionWithTags,
  updateQuestionText,
} from '../repositories/questions.ts';
import { insertFlag, type ReportTarget } from '../repositories/reports.ts';
import { ensureTags } from '../repositories/tags.ts';
import { logAdminDelete } from './moderation.ts';
import { excerptOf, followOwnThread, tellOfModeration } from './notifications.ts';
import type { SafetyReport, SafetyService } from './safety.ts';
import { applyWatchedWord, requeueEditedPost, type WatchedWords } from './watched-words.ts';

/** What the commands need of the app. */
export interface PostDeps {
  db: Db;
  safety: SafetyService;
  questionBatches: QuestionBatches;
  replyBatches: ReplyBatches;
  watchedWords: WatchedWords;
}

/**
 * A shared write's idempotency key (plugins/idempotency.ts), beside the key's row the
 * write carries: taken by the write's own statement, and its response kept by one more
 * for every key of the batch, in the batch's transaction, so that the key exists if and
 * only if the write committed.
 */
interface SharedKey<Written> {
  taken(): void;
  response(tx: Executor, written: Written): Promise<{ id: Buffer; status: number; body: string }>;
}

/**
 * Writes a batch by `write`, one statement: alone when no write of it has a key to keep
 * (it commits as it ends); else in a transaction with the statement that keeps the keys'
 * responses. A result left undefined by `written` was not written (a write that the
 * general path takes instead), and its key was not taken.
 */
async function writeShared<In extends { shared: SharedKey<W> | undefined }, Out, W>(
  db: Db,
  inputs: readonly In[],
  write: (db: Executor, inputs: readonly In[]) => Promise<Out[]>,
  written: (output: Out) => W | undefined,
): Promise<Out[]> {
  if (inputs.every((input) => input.shared === undefined)) {
    return commitsAsItEnds(() => write(db, inputs));
  }
  return db.transaction().execute(async (tx) => {
    const outputs = await write(tx, inputs);
    const responses = [];
    for (const [i, output] of outputs.entries()) {
      const shared = inputs[i]?.shared;
      const done = written(output);
      if (shared === undefined || done === undefined) continue;
      shared.taken();
      responses.push(await shared.response(tx, done));
    }
    await recordIdempotentResponses(tx, responses);
    return outputs;
  });
}

/** A question to write with others, with its request's key. */
interface SharedQuestion extends NewQuestionWithTags {
  shared: SharedKey<InsertedQuestionWithTags> | undefined;
}

/**
 * Two statements of questions at once at most: with more, each batch is smaller and costs
 * more a post. The questions that arrive while two run make the next one, up to 50.
 */
const QUESTION_BATCHES: WriteBatchOptions = { maxInFlight: 2, maxBatch: 50 };

/**
 * The common post, its tags known and nothing to flag: the questions that arrive while
 * others are being written share one statement and one commit (db/write-batches.ts), most
 * of a post's cost in the database being its statement's and its commit's. With an
 * idempotency key, as the web app sends one, the key is taken by that statement and its
 * response kept by one more of the same transaction. One question of an asker a batch: the
 * batch counts each asker's follows once, and its questions share one transaction, whose
 * time they all carry.
 */
export class QuestionBatches {
  private readonly batches: WriteBatcher<SharedQuestion, InsertedQuestionWithTags | undefined>;

  constructor(db: Db, options: WriteBatchOptions = QUESTION_BATCHES) {
    const write = (posts: readonly SharedQuestion[]) =>
      writeShared(
        db,
        posts,
        (executor, inputs) => insertQuestionsWithKnownTags(executor, inputs, LIMITS.followsMax),
        (written) => written,
      );
    this.batches = new WriteBatcher(write, {
      ...options,
      keys: {
        of: (post) => [recipientKey(post.asker)],
        alone: async (post) => (await write([post]))[0],
      },
    });
  }

  /**
   * The question written, or undefined when one of its tags does not exist yet or its key
   * is held by another request: the general path answers those.
   */
  add(post: SharedQuestion): Promise<InsertedQuestionWithTags | undefined> {
    return this.batches.submit(post);
  }

  /** Questions waiting for a statement. */
  get queued(): number {
    return this.batches.queued;
  }
}

/** A reply to write with others, with its request's key. */
interface SharedReply extends NewReply {
  shared: SharedKey<AnswerRow> | undefined;
}

/** Two statements of replies at once at most, up to 50 replies each. */
const REPLY_BATCHES: WriteBatchOptions = { maxInFlight: 2, maxBatch: 50 };

/**
 * The common reply, at the top of a thread, with nothing to flag: the replies that arrive
 * while others are being written share one statement and its commit (db/write-batches.ts,
 * repositories/answers.ts `writeReplies`), where one reply alone takes four round trips
 * (BEGIN, the question's lock, the reply, COMMIT); with an idempotency key, as the web app
 * sends one, the key is taken by that statement and its response kept by one more of the
 * same transaction. One reply a question and one an author a batch; another reply to a
 * question of the batch, a reply whose question another transaction holds and one whose
 * key another request holds come back 'busy' and are written alone, waiting for the
 * question's lock.
 */
export class ReplyBatches {
  private readonly batches: WriteBatcher<SharedReply, ReplyOutcome>;

  constructor(db: Db, options: WriteBatchOptions = REPLY_BATCHES) {
    this.batches = new WriteBatcher(
      (replies: readonly SharedReply[]) =>
        writeShared(
          db,
          replies,
          (executor, inputs) => writeReplies(executor, inputs, LIMITS.followsMax),
          (outcome) => (typeof outcome === 'object' ? outcome.answer : undefined),
        ),
      {
        ...options,
        keys: {
          of: ({ answer, author }) => [`q${answer.questionId}`, recipientKey(author)],
          alone: async () => 'busy' as const,
        },
      },
    );
  }

  add(reply: SharedReply): Promise<ReplyOutcome> {
    return this.batches.submit(reply);
  }

  /** Replies waiting for a statement. */
  get queued(): number {
    return this.batches.queued;
  }
}

/** The labels every post may carry; Unspecified when not given. */
export interface PostLabels {
  gender?: Gender;
  age_range?: AgeRange;
}

/** Sanitized question HTML and its plain text; 400 when nothing readable is left. */
function cleanQuestionText(html: string) {
  const text = sanitizeQuestionHtml(html);
  const plain = htmlToPlainText(text);
  if (plain === '') throw fieldError('text', 'questionEmpty');
  return { text, plain };
}

/** A post's text as stored, and the plain text the safety checks read. */
function cleanText(type: ReportTarget['type'], text: string) {
  if (type === 'question') return cleanQuestionText(text);
  const plain = cleanReplyText(text);
  return { text: plain, plain };
}

/** Flags the post for moderators when the safety checks recognised a crisis. */
async function flagCrisis(tx: Executor, target: ReportTarget, safety: SafetyReport) {
  if (safety.categories.length > 0) await insertFlag(tx, target, safety.categories);
}

/**
 * A post holding a `review` or `flag` watched word, just written: flagged, or held hidden
 * (services/watched-words.ts); the row its author gets back says so.
 */
async function heldForReview(
  tx: Executor,
  target: ReportTarget,
  watched: WatchedWordMatch | null,
  row: { hidden_at: Date | null; hidden_reason: string | null },
) {
  if (watched === null || !(await applyWatchedWord(tx, target, watched))) return;
  row.hidden_at = new Date();
  row.hidden_reason = 'watched_word';
}

/** 401 for nobody at all; otherwise the caller is known, and refused with 403 by the caller. */
function requireSomeone(viewer: Viewer) {
  if (viewer.user === null && viewer.sessionHash === null) throw unauthorized();
}

export interface AskedQuestion {
  id: number;
  safety: SafetyReport;
  /** The question as written, for the asker's response (services/threads.ts `asked`). */
  written: WrittenQuestion;
}

/** A question just written: its row, its tags, and whether its asker now follows it. */
export interface WrittenQuestion {
  row: Awaited<ReturnType<typeof insertQuestion>>;
  tags: Tag[];
  following: boolean;
}

export interface WrittenReply {
  row: AnswerRow;
  safety: SafetyReport;
}

/** A new question, its tags and its crisis flag; the id and what the checks found. */
export async function askQuestion(
  deps: PostDeps,
  author: Author,
  input: { text: string; tagNames: string[] } & PostLabels,
  key?: WriteClaim<AskedQuestion> | null,
): Promise<AskedQuestion> {
  const { text, plain } = cleanQuestionText(input.text);
  const tagIssue = tagNamesIssue(input.tagNames);
  if (typeof tagIssue === 'string') throw fieldError('tag_names', tagIssue);
  if (tagIssue !== null) {
    const { tag, kinds } = tagIssue;
    throw fieldError('tag_names', message('tagPersonalInfo', { tag, kinds: tagKinds(kinds) }));
  }
  const tagNames = normalizeTags(input.tagNames);
  const watched = await deps.watchedWords.screen({
    text: [plain, ...linksOf(text)],
    tag_names: tagNames,
  });
  const safety = deps.safety.check(plain);
  const question = {
    text,
    searchText: plain,
    tagText: tagNames.join(' '),
    gender: input.gender ?? 'U',
    ageRange: input.age_range ?? 'U',
    language: detectLanguage(plain),
  };
  // The common post (its tags known, nothing to flag) shares a statement.
  const simple =
    safety.categories.length === 0 && watched === null
      ? await deps.questionBatches.add({
          question,
          asker: author,
          tagNames,
          key: key?.key,
          shared: key
            ? {
                taken: () => key.taken(),
                response: (tx, written) =>
                  key.response(tx, { id: written.row.id, safety, written }),
              }
            : undefined,
        })
      : undefined;
  const written =
    simple ??
    (await deps.db.transaction().execute(async (tx) => {
      await key?.claim(tx);
      const tags = await ensureTags(tx, tagNames);
      const row = await insertQuestion(
        tx,
        question,
        author,
        tags.map((tag) => tag.id),
      );
      const id = row.id;
      await flagCrisis(tx, { type: 'question', id }, safety);
      await heldForReview(tx, { type: 'question', id }, watched, row);
      const following = await followOwnThread(tx, id, author);
      const written = { row, tags, following };
      await key?.keep(tx, { id, safety, written });
      return written;
    }));
  return { id: written.row.id, safety, written };
}

/**
 * A reply by `viewer` to a question, or under one of its answers (`parentId`): the parent
 * must be a live answer of the same question that the viewer sees (presenters/ownership.ts
 * `visibleTo`), at most `LIMITS.replyDepth` levels deep.
 */
export async function replyTo(
  deps: PostDeps,
  viewer: Viewer,
  input: { questionId: number; parentId: number | null; text: string } & PostLabels,
  key?: WriteClaim<WrittenReply> | null,
): Promise<WrittenReply> {
  const author = requireAuthor(viewer);
  const text = cleanReplyText(input.text);
  const watched = await deps.watchedWords.screen({ text: [text] });
  const safety = deps.safety.check(text);
  const { questionId, parentId } = input;
  const reply = {
    questionId,
    parentId,
    text,
    gender: input.gender ?? 'U',
    ageRange: input.age_range ?? 'U',
  };
  // An admin may reply under a question hidden by reports.
  const staff = moderates(viewer.user);
  const excerpt = excerptOf(text);
  // The common reply (at the top of the thread, nothing to flag) shares a statement; the
  // others, and those whose question was busy, are written alone.
  if (parentId === null && safety.categories.length === 0 && watched === null) {
    const shared = await deps.replyBatches.add({
      answer: reply,
      author,
      staff,
      excerpt,
      key: key?.key,
      shared: key
        ? {
            taken: () => key.taken(),
            response: (tx, row) => key.response(tx, { row, safety }),
          }
        : undefined,
    });
    if (shared === 'missing') throw notFound();
    if (shared === 'hidden') throw forbidden('hiddenQuestion');
    if (shared !== 'busy') return { row: shared.answer, safety };
  }
  const row = await deps.db.transaction().execute(async (tx) => {
    await key?.claim(tx);
    // Locking the question keeps its answer count exact and stops a delete racing in.
    const question = await findQuestionForUpdate(tx, questionId);
    if (!question) throw notFound();
    // Not while it is hidden by reports from the viewer (its author and admins may), the
    // rule `writeReplies` asks of a shared reply.
    if (!visibleTo(viewer, question, question)) throw forbidden('hiddenQuestion');
    if (parentId !== null) await checkParent(tx, viewer, question, parentId);
    const [written] = await writeReplies(
      tx,
      [{ answer: reply, author, staff, excerpt }],
      LIMITS.followsMax,
    );
    // The question is locked by this transaction: its reply is written.
    if (typeof written !== 'object') throw new Error(`a reply alone was ${written}`);
    await flagCrisis(tx, { type: 'answer', id: written.answer.id }, safety);
    await heldForReview(tx, { type: 'answer', id: written.answer.id }, watched, written.answer);
    await key?.keep(tx, { row: written.answer, safety });
    return written.answer;
  });
  return { row, safety };
}

async function checkParent(
  tx: Executor,
  viewer: Viewer,
  question: LockedQuestion,
  parentId: number,
) {
  const parent = await findAnswer(tx, parentId);
  // One the viewer may not see is answered as one that is not there.
  if (!parent || parent.question_id !== question.id || !visibleTo(viewer, parent, question)) {
    throw fieldError('parent_id', 'parentOtherQuestion');
  }
  if (parent.is_deleted) throw fieldError('parent_id', 'parentDeleted');
  if ((await answerDepth(tx, parentId, LIMITS.replyDepth)) >= LIMITS.replyDepth) {
    throw fieldError('parent_id', 'replyTooDeep');
  }
  return parent;
}

/** A post locked for the rest of the transaction, with what ownership is read from. */
type LockedPost = { type: 'question'; row: LockedQuestion } | { type: 'answer'; row: AnswerRow };

/** The question a locked post belongs to, as visibility reads it; null when it is gone. */
async function questionOf(tx: Executor, post: LockedPost): Promise<Visibility | null> {
  if (post.type === 'question') return post.row;
  return (await findPostVisibility(tx, { type: 'answer', id: post.row.id }))?.question ?? null;
}

/**
 * Someone other than its author may not change a post: 403 when they see it, and as if it
 * were not there (404) when it is hidden from them (presenters/ownership.ts `visibleTo`).
 */
function refusal(viewer: Viewer, post: LockedPost, question: Visibility | null) {
  return question !== null && visibleTo(viewer, post.row, question) ? forbidden() : notFound();
}

/** The post, locked (a reply's question first, for a delete); null when it is gone. */
async function lockPost(
  tx: Executor,
  target: ReportTarget,
  forDelete: boolean,
): Promise<LockedPost | null> {
  if (target.type === 'question') {
    const row = await findQuestionForUpdate(tx, target.id);
    return row ? { type: 'question', row } : null;
  }
  const row = forDelete
    ? await findAnswerForChange(tx, target.id)
    : await findAnswerForUpdate(tx, target.id);
  return row && !row.is_deleted ? { type: 'answer', row } : null;
}

/** Its owner edits a question or a reply; what the safety checks found in the new text. */
export async function editPost(
  deps: PostDeps,
  viewer: Viewer,
  target: ReportTarget,
  text: string,
): Promise<SafetyReport> {
  requireSomeone(viewer);
  const cleaned = cleanText(target.type, text);
  const links = target.type === 'question' ? linksOf(cleaned.text) : [];
  const watched = await deps.watchedWords.screen({ text: [cleaned.plain, ...links] });
  return deps.db.transaction().execute(async (tx) => {
    const post = await lockPost(tx, target, false);
    if (!post) throw notFound();
    const question = await questionOf(tx, post);
    if (!isOwner(viewer, post.row)) throw refusal(viewer, post, question);
    const safety = deps.safety.check(cleaned.plain);
    if (target.type === 'question') {
      // An edit may change the language: it is told again from the new text.
      await updateQuestionText(tx, target.id, {
        html: cleaned.text,
        plain: cleaned.plain,
        language: detectLanguage(cleaned.plain),
      });
    } else {
      await updateAnswerText(tx, target.id, cleaned.text);
      // The inboxes it reached quote it as it now reads; while it is hidden from strangers,
      // they quote it no more (repositories/notifications.ts `dropNotificationsOf`).
      if (question !== null && visibleTo(STRANGER, post.row, question)) {
        await setExcerptsOf(tx, target.id, excerptOf(cleaned.text));
      }
    }
    await flagCrisis(tx, target, safety);
    // Hidden, and edited by its author: it goes back to the queue (once a day).
    if (post.row.hidden_at !== null) await requeueEditedPost(tx, target);
    if (watched !== null) await applyWatchedWord(tx, target, watched);
    return safety;
  });
}

/**
 * Its owner, or an admin, deletes a question (with its thread) or a reply (one with
 * replies leaves a "[deleted]" placeholder). An admin's deletion of someone else's post is
 * logged with what it was and the admin's `note`. Pending reports on it stay for the
 * admins, as 'Content not available'.
 */
export async function deletePost(
  deps: PostDeps,
  viewer: Viewer,
  target: ReportTarget,
  note: string | null,
): Promise<void> {
  requireSomeone(viewer);
  await deps.db.transaction().execute(async (tx) => {
    const post = await lockPost(tx, target, true);
    if (!post) throw notFound();
    if (!isOwner(viewer, post.row)) {
      const role = roleOf(viewer.user);
      if (!viewer.user || role === null) throw refusal(viewer, post, await questionOf(tx, post));
      await logAdminDelete(tx, target, { adminId: viewer.user.id, role, note });
      const questionId = post.type === 'question' ? post.row.id : post.row.question_id;
      await tellOfModeration(tx, { ...target, questionId, ...post.row }, 'removed');
    }
    if (post.type === 'question') await deleteQuestion(tx, post.row.id);
    else await deleteAnswer(tx, post.row);
  });
}
