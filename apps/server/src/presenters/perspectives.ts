/**
 * Perspectives: a thread's replies counted per gender and per age group, and
 * the thread filtered to one group. What counts is what the viewer may read: deleted
 * placeholders never (they carry no labels), hidden replies only for their author and
 * admins (presenters/ownership.ts), as everywhere else.
 *
 * A filtered thread is flat: the matching replies, whatever their depth, each without its
 * replies, those marked "This helped" first, then in posting order. Each keeps its
 * `parent_id`, so a client can say what it answered; replies of other groups are left
 * out, ancestors included, so the list is only the group's own words.
 */
import {
  AGE_RANGES,
  type AgeRange,
  type AnswerNode,
  GENDERS,
  type Gender,
  type Perspectives,
} from '@dating/contract';
import type { Viewer } from '../auth/identity.ts';
import { type AnswerRow, presentAnswer } from './answers.ts';
import { seesHidden } from './ownership.ts';

export interface PerspectiveFilter {
  gender?: Gender;
  ageRange?: AgeRange;
}

/** Every code at zero: a thread with no replies, or one hidden from the viewer. */
export function noPerspectives(): Perspectives {
  return {
    gender: Object.fromEntries(GENDERS.map((g) => [g, 0])) as Perspectives['gender'],
    age_range: Object.fromEntries(AGE_RANGES.map((a) => [a, 0])) as Perspectives['age_range'],
  };
}

function readable(viewer: Viewer, row: AnswerRow): boolean {
  return !row.is_deleted && (row.hidden_at === null || seesHidden(viewer, row));
}

export function isFiltered(filter: PerspectiveFilter): boolean {
  return filter.gender !== undefined || filter.ageRange !== undefined;
}

export function presentPerspectives(viewer: Viewer, rows: readonly AnswerRow[]): Perspectives {
  const counts = noPerspectives();
  for (const row of rows) {
    if (!readable(viewer, row)) continue;
    counts.gender[row.gender] += 1;
    counts.age_range[row.age_range] += 1;
  }
  return counts;
}

/** The replies of one group, flat: helped first, then in posting order (`rows` is by id). */
export function presentPerspectiveThread(
  viewer: Viewer,
  rows: readonly AnswerRow[],
  filter: PerspectiveFilter,
  liked: ReadonlySet<number>,
): AnswerNode[] {
  const matching = rows.filter(
    (row) =>
      readable(viewer, row) &&
      (filter.gender === undefined || row.gender === filter.gender) &&
      (filter.ageRange === undefined || row.age_range === filter.ageRange),
  );
  const ordered = [...matching.filter((r) => r.helpful), ...matching.filter((r) => !r.helpful)];
  return ordered.map((row) => ({ ...presentAnswer(viewer, row, liked.has(row.id)), replies: [] }));
}
