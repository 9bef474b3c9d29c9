/**
 * Migration 0015 converts the likes and reports stored with a key's hash into the key's
 * MACs per target, with the server secret, in the migration's transaction: afterwards the
 * key still sees its likes and cannot like or report twice, and no row keeps the hash.
 * Without the secret it refuses to run on a database that holds any, and changes nothing.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { migrate } from '../src/db/migrator.ts';
import { likeQuestion } from './factories.ts';
import { describeEachEngine, newSession } from './harness.ts';

const SECRET = 'migration-0015-tests-secret-migration-0015-tests';

describeEachEngine(
  'migration 0015: likes and reports keyed per target',
  (ctx) => {
    it('converts stored rows with the server secret, and keeps them working', async () => {
      const key = newSession();
      const hash = createHash('sha256').update(key).digest();
      const pool = ctx.database.pool;
      // An account written straight into this older schema too: registering through the API
      // reads tables of later migrations (the names of deleted accounts, 0021).
      const user = {
        id: (
          await pool.query<{ id: number }>(
            `INSERT INTO users (username, password_hash) VALUES ('before0015', 'x') RETURNING id`,
          )
        ).rows[0]?.id as number,
      };
      // Written straight into this older schema (today's code writes columns of later
      // migrations), as an account, then made the key's.
      const insert = async (table: 'questions' | 'answers', questionId?: number) => {
        const { rows } =
          table === 'questions'
            ? await pool.query<{ id: number }>(
                `INSERT INTO questions (text, search_text, tag_text, user_id)
                 VALUES ('<p>Stored before</p>', 'Stored before', '', $1) RETURNING id`,
                [user.id],
              )
            : await pool.query<{ id: number }>(
                `INSERT INTO answers (question_id, text, user_id, author_number)
                 VALUES ($1, 'Stored before', $2, 1) RETURNING id`,
                [questionId, user.id],
              );
        return { id: rows[0]?.id as number };
      };
      const own = await insert('questions');
      const liked = await insert('questions');
      const answer = await insert('answers', liked.id);
      const gone = await insert('answers', liked.id);
      await pool.query('UPDATE questions SET user_id = NULL, session_hash = $2 WHERE id = $1', [
        own.id,
        hash,
      ]);
      // Rows as the code before migration 0015 stored them.
      await pool.query('INSERT INTO question_likes (question_id, session_hash) VALUES ($1, $2)', [
        liked.id,
        hash,
      ]);
      await pool.query('INSERT INTO question_likes (question_id, user_id) VALUES ($1, $2)', [
        own.id,
        user.id,
      ]);
      await pool.query('INSERT INTO answer_likes (answer_id, session_hash) VALUES ($1, $2)', [
        answer.id,
        hash,
      ]);
      // The counters the likes were counted in.
      await pool.query('UPDATE questions SET likes = likes + 1 WHERE id = ANY($1::int[])', [
        [liked.id, own.id],
      ]);
      await pool.query('UPDATE answers SET likes = likes + 1 WHERE id = $1', [answer.id]);
      for (const [type, id] of [
        ['question', liked.id],
        ['answer', gone.id],
      ] as const) {
        await pool.query(
          `INSERT INTO reports (target_type, ${type}_id, reason, session_hash) VALUES ($1, $2, 'spam', $3)`,
          [type, id, hash],
        );
      }
      // The reported reply is deleted: its report keeps no target.
      await pool.query('DELETE FROM answers WHERE id = $1', [gone.id]);

      await expect(migrate(pool)).rejects.toThrow(/server secret/);
      const before = await pool.query("SELECT 1 FROM schema_migrations WHERE name LIKE '0015%'");
      expect(before.rows).toEqual([]);

      expect((await migrate(pool, { serverSecret: SECRET })).applied).toContain(
        '0015_unlinkable_activity.sql',
      );

      const db = ctx.database.db;
      for (const table of ['question_likes', 'answer_likes', 'reports']) {
        const { rows } = await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE key_mac = ${hash}`.execute(db);
        expect(rows[0]?.n, table).toBe(0);
      }
      const keyed = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM reports WHERE key_mac IS NOT NULL`.execute(db);
      expect(keyed.rows[0]?.n).toBe(2);
      const userLike = await sql<{ user_id: number }>`
        SELECT user_id FROM question_likes WHERE question_id = ${own.id}`.execute(db);
      expect(userLike.rows).toEqual([{ user_id: user.id }]);

      const seen = await ctx.request({
        method: 'GET',
        url: `/api/questions/${liked.id}/`,
        session: key,
      });
      expect(seen.json()).toMatchObject({ liked: true });
      const replies = seen.json<{ answers: { id: number; liked: boolean }[] }>().answers;
      expect(replies.find((a) => a.id === answer.id)?.liked).toBe(true);
      expect((await likeQuestion(ctx, liked.id, { session: key })).json()).toEqual({
        code: 'alreadyLikedQuestionSession',
        detail: 'This session has already liked this question.',
      });
      const reportAgain = await ctx.request({
        method: 'POST',
        url: '/api/reports/',
        session: key,
        body: { question: liked.id, reason: 'spam', session_id: key },
      });
      expect(reportAgain.json()).toEqual({
        code: expect.any(String),
        detail: 'You have already reported this.',
      });
      const unlike = await ctx.request({
        method: 'DELETE',
        url: `/api/questions/${liked.id}/like/`,
        session: key,
      });
      expect(unlike.statusCode, unlike.body).toBe(204);
      const after = await ctx.request({ method: 'GET', url: `/api/questions/${liked.id}/` });
      expect(after.json()).toMatchObject({ likes: 0 });
    });
  },
  { env: { JWT_SECRET: SECRET }, migrateBefore: '0015' },
);
