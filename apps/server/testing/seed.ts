/**
 * Realistic, deterministic seed data for benchmarks and query-plan tests: questions of
 * varied HTML with tags and gender/age labels, nested answer threads, likes and reports,
 * with every denormalized column right (search_text, tag_text, likes, answer_count).
 *
 * Rows go in as multi-row `INSERT ... SELECT FROM unnest($1::int[], ...)` batches: one
 * statement per table per few thousand questions, nearly as fast as COPY, and it works on
 * both engines (PGlite's socket server does not take COPY FROM STDIN). The whole load is
 * one transaction, so a failed seed leaves nothing half-done. As pg_restore loads a dump,
 * secondary indexes and the loaded tables' foreign keys are dropped first and made again
 * once at the end from their own definitions: a foreign key checked row by row locks the
 * referenced row (a write, with its WAL record) for every row loaded, where adding it back
 * checks every row in one join. The next batch is generated while the database writes the
 * last one, so the two cores work at once.
 */
import type pg from 'pg';
import { hashPassword } from '../src/auth/passwords.ts';

export interface SeedOptions {
  questions: number;
  /** PRNG seed: the same seed gives the same data. */
  seed?: number;
  /** Empty the content tables (and remove seeded users) first instead of refusing. */
  reset?: boolean;
  /** Sizes memory for the index builds: PGlite's WASM heap is small. */
  engine?: 'pglite' | 'postgres';
  /** Questions per batch of statements. */
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
  /** Called as each step ends (load, indexes, foreign keys, vacuum) with its duration. */
  onPhase?: (phase: SeedPhase, milliseconds: number) => void;
}

export type SeedPhase = 'load' | 'indexes' | 'foreign keys' | 'vacuum';

export interface SeedSummary {
  questions: number;
  answers: number;
  questionLikes: number;
  answerLikes: number;
  reports: number;
  users: number;
  tags: number;
  /** The question with a 200-answer thread (the detail benchmark's). */
  bigThreadQuestionId: number;
  milliseconds: number;
}

/** In about 1 question in 10,000: the rare-word search benchmark's word. */
export const RARE_WORD = 'zeppelin';
/**
 * In exactly `FIXED_WORD_MATCHES` questions at every size (all of them below that), spread
 * evenly over the ids: a search whose growth with the size of the site measures the search
 * itself, not a growing number of matches ("zeppelin"'s grow with the site).
 */
export const FIXED_WORD = 'albatross';
export const FIXED_WORD_MATCHES = 100;

/** Whether seeded question `qid` (1 to `questions`) carries the fixed word. */
export function carriesFixedWord(qid: number, questions: number): boolean {
  const step = Math.max(1, Math.floor(questions / FIXED_WORD_MATCHES));
  return qid % step === 0 && qid / step <= FIXED_WORD_MATCHES;
}

/** In about a third of the questions: the common-word search benchmark's word. */
export const COMMON_WORD = 'relationship';
/** Every seeded user's password, so benchmarks can sign in as one. */
export const SEED_USER_PASSWORD = 'seed user password';
export const SEED_USER_PREFIX = 'seed_user_';
export const BIG_THREAD_ANSWERS = 200;

const CONTENT_TABLES = [
  'questions',
  'question_search',
  'question_tags',
  'answers',
  'question_likes',
  'answer_likes',
  'reports',
  'notifications',
  'question_follows',
] as const;

/** mulberry32: small, fast and good enough for test data. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  /** Zipf-like: low indexes far more often than high ones. */
  const skewed = <T>(items: readonly T[]): T => items[Math.floor(items.length * next() ** 3)] as T;
  const hex = (bytes: number) => {
    let out = '';
    for (let i = 0; i < bytes; i += 4) out += (int(2 ** 32) >>> 0).toString(16).padStart(8, '0');
    return out.slice(0, bytes * 2);
  };
  /** A count with the given mean, long-tailed (geometric). */
  const geometric = (mean: number) => {
    const p = 1 / (mean + 1);
    return Math.floor(Math.log(1 - next()) / Math.log(1 - p));
  };
  return { next, int, pick, skewed, hex, geometric };
}
type Rng = ReturnType<typeof prng>;

const PEOPLE = [
  'my boyfriend',
  'my girlfriend',
  'my partner',
  'my ex',
  'a coworker',
  'my best friend',
  'someone I met online',
  'my crush',
  'my fiancé',
  'my date',
  'a guy from the gym',
  'a woman from my book club',
];
const DURATIONS = ['two weeks', 'a month', 'three months', 'half a year', 'a year', 'five years'];
const FEELINGS = [
  'confused',
  'anxious',
  'excited',
  'hurt',
  'hopeful',
  'jealous',
  'lonely',
  'overwhelmed',
  'happy but unsure',
];
const HOBBIES = [
  'hiking',
  'cooking',
  'board games',
  'photography',
  'climbing',
  'running',
  'gardening',
  'salsa dancing',
  'painting',
  'yoga',
  'camping',
  'karaoke',
  'chess',
  'surfing',
  'knitting',
  'pottery',
  'birdwatching',
  'fencing',
  'sailing',
  'archery',
  'calligraphy',
  'beekeeping',
  'origami',
  'astronomy',
  'woodworking',
  'kayaking',
  'ukulele',
  'skateboarding',
  'falconry',
  'taxidermy',
];
const PLACES = [
  'a coffee shop',
  'the park',
  'a concert',
  'a wedding',
  'the office party',
  'a dating app',
  'a friend’s birthday',
  'the library',
  'a bar downtown',
  'a museum',
];
const QUESTION_SENTENCES: ((r: Rng) => string)[] = [
  (r) =>
    `I have been seeing ${r.pick(PEOPLE)} for ${r.pick(DURATIONS)} and I feel ${r.pick(FEELINGS)}.`,
  (r) => `We met at ${r.pick(PLACES)} and have talked every day since.`,
  (r) => `Is it normal to feel ${r.pick(FEELINGS)} after a first date?`,
  (r) => `How do I tell ${r.pick(PEOPLE)} that I want something more serious?`,
  (r) => `We both love ${r.skewed(HOBBIES)}, but we argue about everything else.`,
  (r) => `Lately ${r.pick(PEOPLE)} takes hours to text back and I do not know what it means.`,
  () => 'Should I wait for them to make the first move or just ask them out?',
  () => 'My friends say I am overthinking it, but I cannot stop.',
  (r) => `The last time I felt this ${r.pick(FEELINGS)} it ended badly.`,
  () => 'How much should I share about my past on the first few dates?',
  () => 'We have very different ideas about money and I worry about the future.',
  (r) => `Would a weekend of ${r.skewed(HOBBIES)} together be too much too soon?`,
  () => 'I moved to a new city and it is hard to meet people who want the same things.',
  () => 'My family does not approve and it puts a lot of pressure on us.',
  (r) => `Is ${r.pick(DURATIONS)} too early to say I love you?`,
  () => 'How do I stop comparing every new person to my last partner?',
];
const RELATIONSHIP_SENTENCES: ((r: Rng) => string)[] = [
  () => 'I am not sure this relationship is going anywhere.',
  (r) => `Our relationship started at ${r.pick(PLACES)}, and now it feels stuck.`,
  () => 'What is the healthiest way to talk about where our relationship is going?',
  (r) => `My last relationship lasted ${r.pick(DURATIONS)} and I am still not over it.`,
];
const ANSWER_SENTENCES: ((r: Rng) => string)[] = [
  () => 'Be honest about what you want; the right person will appreciate it.',
  () => 'Give it time. Feelings like that usually settle after a few weeks.',
  (r) => `I was in the same place after ${r.pick(DURATIONS)}, and talking it through helped.`,
  () => 'Texting habits say little; how they treat you in person says a lot.',
  () => 'Ask them directly. Guessing will only make you more anxious.',
  () => 'It sounds like you already know the answer and want permission to act on it.',
  (r) => `Suggest something low-key, like ${r.skewed(HOBBIES)}, and see how it goes.`,
  () => 'Your feelings are valid, but do not lose yourself in someone else.',
  () => 'Red flag. Please look after yourself first.',
  () => 'Couples counselling helped us more than any advice online.',
];
const REASONS = ['inappropriate', 'offensive', 'harassment', 'spam', 'other'] as const;
const GENDERS = ['W', 'W', 'W', 'M', 'M', 'M', 'NB', 'U', 'U'] as const;
const AGES = ['18-25', '18-25', '26-35', '26-35', '26-35', '36-45', '45+', 'U'] as const;

const TAG_TOPICS = [
  'first-date',
  'texting',
  'breakup',
  'long-distance',
  'jealousy',
  'trust',
  'online-dating',
  'commitment',
  'communication',
  'family',
  'friends',
  'money',
  'moving-in',
  'marriage',
  'divorce',
  'ex',
  'cheating',
  'flirting',
  'confidence',
  'rejection',
  'lgbtq',
  'age-gap',
  'religion',
  'culture',
  'kids',
  'intimacy',
  'work',
  'anxiety',
  'self-esteem',
  'ghosting',
];
const TAG_QUALIFIERS = [
  '',
  'advice',
  'help',
  'story',
  'question',
  'tips',
  'men',
  'women',
  'teens',
  'over-40',
];
/** About 300 tag names: topics, and topics with a qualifier. */
export const SEED_TAGS: readonly string[] = TAG_TOPICS.flatMap((topic) =>
  TAG_QUALIFIERS.map((q) => (q === '' ? topic : `${topic}-${q}`)),
);

function sentences(r: Rng, count: number, pool: ((r: Rng) => string)[]) {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(r.pick(pool)(r));
  return out.join(' ');
}

/** A question's sanitized-style HTML and exactly the plain text the server derives from it. */
export function generateQuestionText(
  r: Rng,
  opts: { common: boolean; rare: boolean; fixed?: boolean },
) {
  const long = r.next() < 0.05;
  const paragraphs = long ? 8 + r.int(12) : 1 + r.int(4);
  const html: string[] = [];
  const plain: string[] = [];
  for (let p = 0; p < paragraphs; p++) {
    let text = sentences(r, 1 + r.int(4), QUESTION_SENTENCES);
    if (p === 0 && opts.common) text = `${r.pick(RELATIONSHIP_SENTENCES)(r)} ${text}`;
    if (p === paragraphs - 1 && opts.rare) text += ` We first talked about a ${RARE_WORD} trip.`;
    if (p === paragraphs - 1 && opts.fixed) text += ` He once showed me an ${FIXED_WORD}.`;
    const shape = r.next();
    if (shape < 0.1 && p > 0) {
      const items = [sentences(r, 1, QUESTION_SENTENCES), sentences(r, 1, QUESTION_SENTENCES)];
      html.push(`<p>${text}</p><ul><li>${items[0]}</li><li>${items[1]}</li></ul>`);
      plain.push(text, ...items);
    } else if (shape < 0.2) {
      html.push(`<h2>${text}</h2>`);
      plain.push(text);
    } else if (shape < 0.35) {
      const extra = sentences(r, 1, QUESTION_SENTENCES);
      html.push(`<p>${text} <strong>${extra}</strong></p>`);
      plain.push(`${text} ${extra}`);
    } else {
      html.push(`<p>${text}</p>`);
      plain.push(text);
    }
  }
  return { html: html.join(''), plain: plain.join(' ') };
}

export function seedRandom(seed: number) {
  return prng(seed);
}

/** Column arrays of one batch, one per table, sent as unnest() parameters. */
class Batch {
  q = columns(13);
  qt = columns(2);
  a = columns(12);
  ql = columns(4);
  al = columns(4);
  rep = columns(10);
}
/**
 * Thread pseudonym numbers for seeded answers, by the rule the app applies as each answer
 * is written (repositories/answers.ts): 0 for the asker, then 1, 2, ... by first appearance.
 */
class ThreadPseudonyms {
  private readonly numbers = new Map<string, number>();
  given = 0;
  private readonly asker: string | null;

  constructor(asker: { uid: number | null; sh: string | null }) {
    this.asker = ThreadPseudonyms.keyOf(asker);
  }

  private static keyOf(author: { uid: number | null; sh: string | null }): string | null {
    if (author.uid !== null) return `u${author.uid}`;
    return author.sh === null ? null : `s${author.sh}`;
  }

  numberOf(author: { uid: number | null; sh: string | null }): number | null {
    const key = ThreadPseudonyms.keyOf(author);
    if (key === null) return null;
    if (key === this.asker) return 0;
    let number = this.numbers.get(key);
    if (number === undefined) {
      this.given += 1;
      number = this.given;
      this.numbers.set(key, number);
    }
    return number;
  }
}

function columns(n: number): unknown[][] {
  return Array.from({ length: n }, () => []);
}
function push(cols: unknown[][], values: unknown[]) {
  for (let i = 0; i < values.length; i++) (cols[i] as unknown[]).push(values[i]);
}

const INSERTS = {
  q: `INSERT INTO questions (id, text, search_text, tag_text, likes, answer_count, gender, age_range,
        user_id, session_hash, created_at, updated_at, author_count, last_activity_at)
        OVERRIDING SYSTEM VALUE
      SELECT id, text, st, tt, likes, ac, g, ar, uid, decode(sh, 'hex'), to_timestamp(ca),
        to_timestamp(ca), nc, to_timestamp(la)
      FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int[], $6::int[], $7::text[],
        $8::text[], $9::int[], $10::text[], $11::float8[], $12::int[], $13::float8[])
        AS t(id, text, st, tt, likes, ac, g, ar, uid, sh, ca, nc, la)`,
  qt: `INSERT INTO question_tags (question_id, tag_id) SELECT * FROM unnest($1::int[], $2::int[])`,
  a: `INSERT INTO answers (id, question_id, parent_id, text, likes, gender, age_range, user_id,
        session_hash, is_deleted, created_at, updated_at, author_number) OVERRIDING SYSTEM VALUE
      SELECT id, qid, pid, text, likes, g, ar, uid, decode(sh, 'hex'), del, to_timestamp(ca), to_timestamp(ca), an
      FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::int[], $6::text[], $7::text[],
        $8::int[], $9::text[], $10::bool[], $11::float8[], $12::int[])
        AS t(id, qid, pid, text, likes, g, ar, uid, sh, del, ca, an)`,
  // A key's likes and reports carry a MAC per target (lib/activity-macs.ts); seeded ones
  // stand in with a hash of the key's hash and the target, distinct per target as theirs are.
  ql: `INSERT INTO question_likes (question_id, user_id, key_mac, created_at)
      SELECT qid, uid, sha256(decode(sh, 'hex') || int4send(qid)), to_timestamp(ca)
      FROM unnest($1::int[], $2::int[], $3::text[], $4::float8[]) AS t(qid, uid, sh, ca)`,
  al: `INSERT INTO answer_likes (answer_id, user_id, key_mac, created_at)
      SELECT aid, uid, sha256(decode(sh, 'hex') || int4send(aid)), to_timestamp(ca)
      FROM unnest($1::int[], $2::int[], $3::text[], $4::float8[]) AS t(aid, uid, sh, ca)`,
  rep: `INSERT INTO reports (target_type, question_id, answer_id, reason, details, user_id,
        key_mac, status, created_at, reviewed_at)
      SELECT tt, qid, aid, reason, details, uid,
        sha256(decode(sh, 'hex') || int4send(coalesce(qid, -aid))), status, to_timestamp(ca),
        to_timestamp(ra)
      FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::text[], $6::int[], $7::text[],
        $8::text[], $9::float8[], $10::float8[])
        AS t(tt, qid, aid, reason, details, uid, sh, status, ca, ra)`,
} as const;

async function flush(client: pg.PoolClient, batch: Batch) {
  // Answers reference questions, likes and reports reference both: with the foreign keys
  // dropped the order does not matter to the database, but it keeps a partial load readable.
  for (const key of ['q', 'qt', 'a', 'ql', 'al', 'rep'] as const) {
    const cols = batch[key];
    if ((cols[0] as unknown[]).length === 0) continue;
    await client.query(INSERTS[key], cols);
  }
}

/**
 * Seeds an empty, migrated database through the pool (both engines). Refuses a database
 * that already has questions unless `reset` is set.
 */
export async function seedDatabase(pool: pg.Pool, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  let phaseStarted = started;
  const phaseEnded = (phase: SeedPhase) => {
    const now = performance.now();
    options.onPhase?.(phase, now - phaseStarted);
    phaseStarted = now;
  };
  const n = options.questions;
  const r = prng(options.seed ?? 20_261_122);
  const batchSize = options.batchSize ?? 2_000;
  const passwordHash = await hashPassword(SEED_USER_PASSWORD);
  const client = await pool.connect();
  const summary: SeedSummary = {
    questions: n,
    answers: 0,
    questionLikes: 0,
    answerLikes: 0,
    reports: 0,
    users: 0,
    tags: SEED_TAGS.length,
    bigThreadQuestionId: Math.max(1, Math.ceil(n / 2)),
    milliseconds: 0,
  };
  try {
    await client.query('SET statement_timeout = 0');
    await client.query('BEGIN');
    // The feed version's triggers (migration 0012) wait for the commit, and an index cannot
    // be rebuilt on a table with trigger events pending: here they run as each statement
    // ends (all but the first do nothing).
    await client.query('SET CONSTRAINTS ALL IMMEDIATE');
    // Loading a thread is nobody's live event (migration 0013).
    await client.query("SET LOCAL dating.live_events = 'off'");
    if (options.reset) {
      await client.query(`TRUNCATE ${CONTENT_TABLES.join(', ')}, tags RESTART IDENTITY CASCADE`);
      await client.query(`DELETE FROM users WHERE username LIKE '${SEED_USER_PREFIX}%'`);
    } else {
      const used = await client.query(
        'SELECT EXISTS (SELECT 1 FROM questions) OR EXISTS (SELECT 1 FROM tags) AS used',
      );
      if (used.rows[0]?.used) {
        throw new Error('The database already has questions or tags: seed an empty one, or reset.');
      }
    }
    // Memory for the index builds at the end; PGlite's WASM heap is small.
    const memory = options.engine === 'postgres' ? '512MB' : '64MB';
    await client.query(`SET LOCAL maintenance_work_mem = '${memory}'`);
    await client.query('SET LOCAL synchronous_commit = off');

    // Secondary indexes, dropped now and rebuilt after the load from their own definitions.
    const indexes = await client.query<{ name: string; def: string }>(
      `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
       WHERE i.schemaname = current_schema() AND i.tablename = ANY($1)
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname
                         AND c.connamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema()))`,
      [CONTENT_TABLES],
    );
    for (const index of indexes.rows) await client.query(`DROP INDEX "${index.name}"`);
    // The loaded tables' foreign keys, likewise (their definitions name what they reference).
    const foreignKeys = await client.query<{ table: string; name: string; def: string }>(
      `SELECT c.conrelid::regclass::text AS table, c.conname AS name,
         pg_get_constraintdef(c.oid) AS def
       FROM pg_constraint c
       WHERE c.contype = 'f' AND c.conrelid = ANY($1::regclass[])`,
      [CONTENT_TABLES],
    );
    for (const key of foreignKeys.rows)
      await client.query(`ALTER TABLE ${key.table} DROP CONSTRAINT "${key.name}"`);

    const tagRows = (
      await client.query<{ id: number; name: string }>(
        'INSERT INTO tags (name) SELECT * FROM unnest($1::text[]) RETURNING id, name',
        [SEED_TAGS],
      )
    ).rows;
    const tagIds = tagRows.map((row) => row.id);
    const tagNames = new Map(tagRows.map((row) => [row.id, row.name]));
    const userCount = Math.max(20, Math.ceil(n / 20));
    const names = Array.from({ length: userCount }, (_, i) => `${SEED_USER_PREFIX}${i + 1}`);
    const userIds = (
      await client.query<{ id: number }>(
        `INSERT INTO users (username, password_hash)
         SELECT name, $2 FROM unnest($1::text[]) AS t(name) RETURNING id`,
        [names, passwordHash],
      )
    ).rows.map((row) => row.id);
    summary.users = userIds.length;

    // Two years of history up to now, in id order.
    const now = Date.now() / 1000;
    const span = 2 * 365 * 24 * 3600;
    const timeOf = (i: number) => now - span + (span * i) / (n + 1);
    let answerId = 0;
    let batch = new Batch();
    let writing: Promise<void> = Promise.resolve();
    /** The last question of the batch in flight. */
    let written = 0;
    const author = () => {
      // A third signed in, the rest anonymous.
      if (r.next() < 0.33) return { uid: r.pick(userIds), sh: null };
      return { uid: null, sh: r.hex(32) };
    };
    const likers = (count: number) => {
      const out: { uid: number | null; sh: string | null }[] = [];
      const base = r.int(userIds.length);
      for (let j = 0; j < count; j++) {
        if (j % 3 === 2 && j < userIds.length) {
          out.push({ uid: userIds[(base + j) % userIds.length] as number, sh: null });
        } else out.push({ uid: null, sh: r.hex(32) });
      }
      return out;
    };

    for (let qid = 1; qid <= n; qid++) {
      const created = timeOf(qid);
      const tags = new Set<number>();
      const tagCount = r.int(6);
      for (let t = 0; t < tagCount; t++) tags.add(r.skewed(tagIds));
      const tagList = [...tags].sort((x, y) => x - y);
      const tagText = tagList.map((id) => tagNames.get(id)).join(' ');
      const text = generateQuestionText(r, {
        common: r.next() < 0.3,
        rare: r.next() < 1e-4,
        fixed: carriesFixedWord(qid, n),
      });
      const who = author();

      // The thread: about five answers, a few nested; one question has a long thread.
      const answerCount = qid === summary.bigThreadQuestionId ? BIG_THREAD_ANSWERS : r.geometric(5);
      const thread: { id: number; parent: number | null; hasChildren: boolean }[] = [];
      for (let k = 0; k < answerCount; k++) {
        answerId += 1;
        const parentIdx = k > 0 && r.next() < 0.4 ? r.int(k) : -1;
        const parent = parentIdx >= 0 ? thread[parentIdx] : undefined;
        if (parent) parent.hasChildren = true;
        thread.push({ id: answerId, parent: parent ? parent.id : null, hasChildren: false });
      }
      let liveAnswers = 0;
      // The last reply's time: the `active` sort's key (migration 0010).
      let lastActivity = created;
      const pseudonyms = new ThreadPseudonyms(who);
      for (const [k, answer] of thread.entries()) {
        // A deleted answer stays only as the placeholder of a thread that goes on under it.
        const deleted = answer.hasChildren && r.next() < 0.03;
        if (!deleted) liveAnswers += 1;
        const likeCount = deleted ? 0 : r.geometric(0.6);
        const answerAuthor = deleted ? { uid: null, sh: null } : author();
        const at = created + 60 * (k + 1) + r.int(3600);
        lastActivity = Math.max(lastActivity, at);
        push(batch.a, [
          answer.id,
          qid,
          answer.parent,
          deleted ? '[deleted]' : sentences(r, 1 + r.int(3), ANSWER_SENTENCES),
          likeCount,
          deleted ? 'U' : r.pick(GENDERS),
          deleted ? 'U' : r.pick(AGES),
          answerAuthor.uid,
          answerAuthor.sh,
          deleted,
          at,
          pseudonyms.numberOf(answerAuthor),
        ]);
        for (const liker of likers(likeCount))
          push(batch.al, [answer.id, liker.uid, liker.sh, at + 60]);
        summary.answerLikes += likeCount;
        if (!deleted && r.next() < 0.002) {
          const pending = r.next() < 0.7;
          push(batch.rep, [
            'answer',
            null,
            answer.id,
            r.pick(REASONS),
            r.next() < 0.5 ? 'This reply is rude.' : null,
            null,
            r.hex(32),
            pending ? 'pending' : 'rejected',
            at + 120,
            pending ? null : at + 7200,
          ]);
          summary.reports += 1;
        }
      }
      summary.answers += thread.length;

      const likeCount = r.geometric(2);
      for (const liker of likers(likeCount))
        push(batch.ql, [qid, liker.uid, liker.sh, created + 30]);
      summary.questionLikes += likeCount;
      for (const tagId of tagList) push(batch.qt, [qid, tagId]);
      push(batch.q, [
        qid,
        text.html,
        text.plain,
        tagText,
        likeCount,
        liveAnswers,
        r.pick(GENDERS),
        r.pick(AGES),
        who.uid,
        who.sh,
        created,
        pseudonyms.given,
        lastActivity,
      ]);
      if (r.next() < 0.005) {
        const pending = r.next() < 0.7;
        push(batch.rep, [
          'question',
          qid,
          null,
          r.pick(REASONS),
          null,
          r.next() < 0.3 ? r.pick(userIds) : null,
          r.hex(32),
          pending ? 'pending' : 'rejected',
          created + 600,
          pending ? null : created + 86_400,
        ]);
        summary.reports += 1;
      }

      if (qid % batchSize === 0 || qid === n) {
        // One batch in flight at a time: the database writes it while the next is generated.
        await writing;
        if (written > 0) options.onProgress?.(written, n);
        writing = flush(client, batch);
        written = qid;
        // A failure surfaces where it is awaited; until then it must not count as unhandled.
        writing.catch(() => {});
        batch = new Batch();
      } else if (qid % 64 === 0) {
        // Let the driver send the batch in flight: generating is synchronous work.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    await writing;
    options.onProgress?.(n, n);

    for (const table of ['questions', 'answers']) {
      await client.query(
        `SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST((SELECT max(id) FROM ${table}), 1))`,
      );
    }
    phaseEnded('load');
    for (const index of indexes.rows) await client.query(index.def);
    phaseEnded('indexes');
    for (const key of foreignKeys.rows)
      await client.query(`ALTER TABLE ${key.table} ADD CONSTRAINT "${key.name}" ${key.def}`);
    await client.query('COMMIT');
    phaseEnded('foreign keys');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  // Fresh statistics, so the planner sees the real sizes at once, and a vacuum, so that the
  // first readers neither set hint bits on every row nor wait for autovacuum's pass over
  // the whole load (index-only scans need the visibility map it sets).
  await pool.query(`VACUUM (ANALYZE) ${CONTENT_TABLES.join(', ')}, tags, users`);
  phaseEnded('vacuum');
  summary.milliseconds = Math.round(performance.now() - started);
  return summary;
}
