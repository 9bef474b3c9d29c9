/**
 * Silencing the author of a post without unmasking them (issue 39). A moderator names a
 * post (or an account by id); the server silences whoever wrote it (the account, or the
 * anonymous key by the hash the post is stored with) and answers only what the silence
 * was made from. Nothing here returns or logs a key, its hash, an address or a network.
 *
 * Silencing again the author of another post of the same key makes another silence, as
 * for anyone: answering "already silenced" would tell that two posts share an author.
 */
import { type Silence, type SilenceSource, silenceSourceText } from '@dating/contract';
import type { AuthUser } from '../auth/identity.ts';
import { roleOf } from '../auth/roles.ts';
import type { Executor } from '../db/connection.ts';
import type { MessageLanguage } from '../lib/accept-language.ts';
import { badRequest, notFound } from '../lib/http-errors.ts';
import { findPostAuthor, insertLogEntry } from '../repositories/moderation.ts';
import { insertSilence, liftSilence } from '../repositories/silences.ts';
import { findUserById } from '../repositories/users.ts';
import type { ReviewBy } from './moderation.ts';

export interface SilenceRow {
  id: number;
  source_type: SilenceSource;
  source_id: number;
  reason: string;
  days: number;
  ends_at: Date;
  created_at: Date;
}

/** A silence as moderators see it, `made_from` in the request's language. */
export function presentSilence(row: SilenceRow, language: MessageLanguage): Silence {
  return {
    id: row.id,
    source_type: row.source_type,
    source_id: row.source_id,
    made_from: silenceSourceText(row.source_type, row.source_id, language),
    reason: row.reason,
    days: row.days,
    ends_at: row.ends_at.toISOString(),
    created_at: row.created_at.toISOString(),
  };
}

/** Which of question, answer, user the body names; 400 unless exactly one. */
export function sourceOf(body: {
  question?: number | undefined;
  answer?: number | undefined;
  user?: number | undefined;
}): { type: SilenceSource; id: number } {
  const named = [
    body.question === undefined ? null : { type: 'question' as const, id: body.question },
    body.answer === undefined ? null : { type: 'answer' as const, id: body.answer },
    body.user === undefined ? null : { type: 'account' as const, id: body.user },
  ].filter((source) => source !== null);
  const [only] = named;
  if (named.length !== 1 || !only) throw badRequest('silenceOneTarget');
  return only;
}

async function refuseStaff(db: Executor, userId: number) {
  const user: AuthUser | undefined = await findUserById(db, userId);
  if (!user) throw notFound();
  if (roleOf(user) !== null) throw badRequest('silenceStaff');
}

/** Silences the author of `source` for `days`, logged against what it was made from. */
export async function silence(
  db: Executor,
  source: { type: SilenceSource; id: number },
  terms: { days: number; reason: string },
  by: Omit<ReviewBy, 'note'>,
): Promise<SilenceRow> {
  let who: { userId: number | null; sessionHash: Buffer | null };
  let questionId: number | null = null;
  if (source.type === 'account') {
    await refuseStaff(db, source.id);
    who = { userId: source.id, sessionHash: null };
  } else {
    const post = await findPostAuthor(db, { type: source.type, id: source.id });
    if (!post) throw notFound();
    questionId = post.questionId;
    if (post.user_id !== null) {
      await refuseStaff(db, post.user_id);
      who = { userId: post.user_id, sessionHash: null };
    } else if (post.session_hash !== null) {
      who = { userId: null, sessionHash: post.session_hash };
    } else {
      // An anonymized account's posts belong to nobody any more.
      throw badRequest('silenceNoAuthor');
    }
  }
  const row = await insertSilence(db, {
    ...who,
    sourceType: source.type,
    sourceId: source.id,
    reason: terms.reason,
    days: terms.days,
    createdBy: by.adminId,
  });
  await insertLogEntry(db, {
    action: 'silence',
    adminId: by.adminId,
    role: by.role,
    target: source,
    questionId,
    note: terms.reason,
    days: terms.days,
  });
  return row;
}

/** Lifts a running silence early, logged against what it was made from. */
export async function lift(db: Executor, id: number, by: Omit<ReviewBy, 'note'>) {
  const row = await liftSilence(db, id);
  if (!row) throw notFound();
  await insertLogEntry(db, {
    action: 'lift_silence',
    adminId: by.adminId,
    role: by.role,
    target: { type: row.source_type, id: row.source_id },
    questionId: null,
  });
}
