/**
 * Migration 0023 makes "acknowledged" a report status of its own: crisis flags closed by
 * "Acknowledge, keep" before it (stored as `rejected`, told apart only by the log's
 * `acknowledge` entry) become `acknowledged`; every other report keeps its status, and the
 * log's earlier staff actions are marked as taken by an admin.
 */
import { expect, it } from 'vitest';
import { migrate } from '../src/db/migrator.ts';
import { describeEachEngine } from './harness.ts';

describeEachEngine(
  'migration 0023: acknowledged flags',
  (ctx) => {
    it('moves acknowledged flags to their own status, and nothing else', async () => {
      const pool = ctx.database.pool;
      const id = async (text: string, values: unknown[] = []) =>
        (await pool.query<{ id: number }>(text, values)).rows[0]?.id as number;
      const admin = await id(
        `INSERT INTO users (username, password_hash, is_staff) VALUES ('admin0023', 'x', true) RETURNING id`,
      );
      const question = await id(
        `INSERT INTO questions (text, search_text, tag_text) VALUES ('<p>Q</p>', 'Q', '') RETURNING id`,
      );
      const flag = (status: string) =>
        id(
          `INSERT INTO reports (target_type, question_id, reason, source, categories, status, reviewed_at)
           VALUES ('question', $1, 'other', 'automatic', '{self_harm}', $2, CASE WHEN $2 = 'pending' THEN NULL ELSE now() END)
           RETURNING id`,
          [question, status],
        );
      const acknowledged = await flag('rejected');
      const rejected = await flag('rejected');
      const pending = await flag('pending');
      const log = (action: string, report: number) =>
        pool.query(
          `INSERT INTO moderation_log (action, admin_id, target_type, target_id, question_id, report_id)
           VALUES ($1, $2, 'question', $3, $3, $4)`,
          [action, admin, question, report],
        );
      await log('acknowledge', acknowledged);
      await log('reject', rejected);

      await migrate(pool);
      const { rows } = await pool.query<{ id: number; status: string }>(
        'SELECT id, status FROM reports WHERE id = ANY($1) ORDER BY id',
        [[acknowledged, rejected, pending]],
      );
      expect(rows).toEqual([
        { id: acknowledged, status: 'acknowledged' },
        { id: rejected, status: 'rejected' },
        { id: pending, status: 'pending' },
      ]);
      const roles = await pool.query<{ actor_role: string | null }>(
        'SELECT DISTINCT actor_role FROM moderation_log',
      );
      expect(roles.rows).toEqual([{ actor_role: 'admin' }]);
    });
  },
  { migrateBefore: '0023' },
);
