/**
 * What a private key does to others' posts (likes, reports) is stored under a MAC per key
 * and target instead of the key's SHA-256, the value its own posts carry:
 *
 *   key MAC key = HMAC(server key, SHA-256(key))
 *   stored      = HMAC(key MAC key, "like question:12")
 *
 * One like and one report per key and target are still enforced by unique indexes on
 * (target, stored), and the key's holder finds its own (the request brings the key), but
 * the rows of one key share no value with each other (a like and a report of one post
 * included) nor with its posts: with the
 * database alone, nobody can join a key's likes across threads, or to what it wrote.
 * The server key is derived (HKDF) from the server secret for this use only.
 */
import { createHmac, hkdfSync } from 'node:crypto';
import { type RawBuilder, sql } from 'kysely';
import type pg from 'pg';

/** What a key acted on; 'report' names a report whose content is gone (by the report's id). */
export type ActivityTarget = 'question' | 'answer' | 'report';
/** What the key did: a like and a report of one post are stored under different values. */
export type Act = 'like' | 'report';

/** SHA-256's block: HMAC pads its key to this length. */
const BLOCK_BYTES = 64;

const messageOf = (act: Act, target: ActivityTarget, id: number) => `${act} ${target}:${id}`;

/** A key XORed with HMAC's inner (0x36) or outer (0x5c) pad, as RFC 2104 defines them. */
function padded(key: Buffer, pad: number): Buffer {
  const block = Buffer.alloc(BLOCK_BYTES);
  key.copy(block);
  for (let i = 0; i < BLOCK_BYTES; i += 1) block[i] = (block[i] as number) ^ pad;
  return block;
}

/** One key's MACs: made per request from the key it brings, never stored. */
export class KeyActivity {
  private readonly inner: Buffer;
  private readonly outer: Buffer;

  constructor(private readonly key: Buffer) {
    this.inner = padded(key, 0x36);
    this.outer = padded(key, 0x5c);
  }

  /** The value stored for this key's like or report of a target. */
  of(act: Act, target: ActivityTarget, id: number): Buffer {
    return createHmac('sha256', this.key)
      .update(messageOf(act, target, id))
      .digest();
  }

  /**
   * The same value computed by the database for each row, where the ids are not known
   * beforehand (the liked answers of a thread): HMAC-SHA256 spelled out with the
   * database's own sha256(), the pads sent as parameters.
   */
  sqlOf(act: Act, target: ActivityTarget, idColumn: RawBuilder<unknown>): RawBuilder<Buffer> {
    return sql<Buffer>`sha256(${this.outer}::bytea || sha256(${this.inner}::bytea
      || convert_to(${`${act} ${target}:`}::text || ${idColumn}::text, 'UTF8')))`;
  }
}

export class ActivityMacs {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    // A key of its own, so these MACs say nothing about the token signing key.
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, '', 'key-activity/v1', 32));
  }

  /** The MACs of the key whose SHA-256 this is (rows stored before migration 0015 hold it). */
  forKeyHash(sessionHash: Buffer): KeyActivity {
    return new KeyActivity(createHmac('sha256', this.key).update(sessionHash).digest());
  }
}

/** Rows converted per statement: a bounded batch, however many likes are stored. */
const CONVERT_BATCH = 5_000;

/** Where rows stored before migration 0015 hold a key's hash, and what each one targets. */
const STORED_ACTIVITY = [
  { table: 'question_likes', act: 'like', target: "'question'", targetId: 'question_id' },
  { table: 'answer_likes', act: 'like', target: "'answer'", targetId: 'answer_id' },
  {
    table: 'reports',
    act: 'report',
    target:
      "CASE WHEN question_id IS NOT NULL THEN 'question' WHEN answer_id IS NOT NULL THEN 'answer' ELSE 'report' END",
    targetId: 'coalesce(question_id, answer_id, id)',
  },
] as const;

/**
 * Migration 0015's second half, in its transaction: every like and report stored with a
 * key's hash gets the key's MAC for its target instead. Without the server secret it can
 * only run on a database that holds none.
 */
export async function convertStoredActivity(
  client: pg.ClientBase,
  serverSecret: string | undefined,
): Promise<void> {
  const macs = serverSecret === undefined ? null : new ActivityMacs(serverSecret);
  for (const { table, act, target, targetId } of STORED_ACTIVITY) {
    let after = '0';
    for (;;) {
      const { rows } = await client.query<{
        id: string;
        target: ActivityTarget;
        target_id: number;
        key_mac: Buffer;
      }>(
        `SELECT id::text AS id, ${target} AS target, ${targetId} AS target_id, key_mac
         FROM ${table} WHERE key_mac IS NOT NULL AND id > $1::bigint ORDER BY id LIMIT $2`,
        [after, CONVERT_BATCH],
      );
      const last = rows.at(-1);
      if (last === undefined) break;
      if (macs === null) {
        throw new Error(
          `${table} holds key hashes to convert with the server secret: migrate through the server or \`npm run migrate\`, which read JWT_SECRET or the data directory's secret.`,
        );
      }
      await client.query(
        `UPDATE ${table} AS t SET key_mac = v.mac
         FROM unnest($1::bigint[], $2::bytea[]) AS v (id, mac) WHERE t.id = v.id`,
        [
          rows.map((row) => row.id),
          rows.map((row) => macs.forKeyHash(row.key_mac).of(act, row.target, row.target_id)),
        ],
      );
      after = last.id;
    }
  }
}
