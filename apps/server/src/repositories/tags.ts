import { sql } from 'kysely';
import type { Executor } from '../db/connection.ts';
import { PREPARED } from '../db/prepared.ts';

/**
 * The tags of the feed by name, each with how many of its questions carry it: hidden ones
 * (few, found through their partial index of migration 0009) are not counted, and a tag no
 * visible question carries (its questions deleted or hidden) is not listed, so that a tag
 * lives no longer than the posts it names. The counts come from the tag index of
 * question_tags alone, without visiting the questions.
 */
export function listTagsWithCounts(db: Executor) {
  return db
    .selectFrom('tags')
    .innerJoin(
      (eb) =>
        eb
          .selectFrom('question_tags')
          .select(['question_tags.tag_id', sql<number>`count(*)::int`.as('count')])
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('questions')
                  .select('questions.id')
                  .whereRef('questions.id', '=', 'question_tags.question_id')
                  .where('questions.hidden_at', 'is not', null),
              ),
            ),
          )
          .groupBy('question_tags.tag_id')
          .as('counts'),
      (join) => join.onRef('counts.tag_id', '=', 'tags.id'),
    )
    .select(['tags.id', 'tags.name', 'counts.count'])
    .orderBy('tags.name')
    .execute();
}

/**
 * The ids of these (normalized) names, creating the missing ones. Most posts use tags that
 * exist: they are read, and nothing is written (nor locked). Missing ones are inserted,
 * then the whole set is read again, which sees a tag another post created meanwhile.
 */
export async function ensureTags(db: Executor, names: string[]) {
  if (names.length === 0) return [];
  // By name, in the database's order, as every read of a question lists its tags.
  const read = async () =>
    (
      await sql<{ id: number; name: string }>`${PREPARED}
        SELECT id, name FROM tags WHERE name = ANY(${names}::text[]) ORDER BY name`.execute(db)
    ).rows;
  const found = await read();
  const wanted = new Set(names);
  if (found.length === wanted.size) return found;
  const known = new Set(found.map((tag) => tag.name));
  // Inserted in one fixed order, so two posts adding the same new tags in different
  // orders cannot deadlock on each other's uncommitted rows.
  await db
    .insertInto('tags')
    .values(
      [...wanted]
        .filter((name) => !known.has(name))
        .sort()
        .map((name) => ({ name })),
    )
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return read();
}

export function findTagIdByName(db: Executor, name: string) {
  return db.selectFrom('tags').select('id').where('name', '=', name).executeTakeFirst();
}

/** Tags of several questions, for one page of the feed, in one query. */
export async function tagsOfQuestions(db: Executor, questionIds: number[]) {
  const byQuestion = new Map<number, { id: number; name: string }[]>();
  if (questionIds.length === 0) return byQuestion;
  const rows = await db
    .selectFrom('question_tags')
    .innerJoin('tags', 'tags.id', 'question_tags.tag_id')
    .select(['question_tags.question_id', 'tags.id', 'tags.name'])
    .where('question_tags.question_id', 'in', questionIds)
    .orderBy('tags.name')
    .execute();
  for (const row of rows) {
    const list = byQuestion.get(row.question_id) ?? [];
    list.push({ id: row.id, name: row.name });
    byQuestion.set(row.question_id, list);
  }
  return byQuestion;
}

export interface TagRef {
  id: number;
  name: string;
}

/**
 * Tag names by id, per database. Tags are only ever added, never renamed or removed, so a
 * name once read stays right in every instance; an id not seen yet (a tag just created,
 * here or by another instance) reloads the whole list, a few hundred rows.
 */
const tagNames = new WeakMap<Executor, Map<number, string>>();

/** The tags of each row (its `tag_ids`), by name, from the cache. */
export async function tagsOfRows(db: Executor, rows: { tag_ids: number[] }[]): Promise<TagRef[][]> {
  let names = tagNames.get(db);
  if (!names || rows.some((row) => row.tag_ids.some((id) => !names?.has(id)))) {
    const all = await db.selectFrom('tags').select(['id', 'name']).execute();
    names = new Map(all.map((tag) => [tag.id, tag.name]));
    tagNames.set(db, names);
  }
  const known = names;
  return rows.map((row) =>
    row.tag_ids
      .flatMap((id) => {
        const name = known.get(id);
        return name === undefined ? [] : [{ id, name }];
      })
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
  );
}
