/**
 * Configuration, read once from the environment at start-up. One schema, `EnvSchema`,
 * says what every variable may hold (its type, range, default and the message shown when
 * it is wrong); the `Config` type is derived from it. Nothing else in the server reads
 * `process.env`.
 */
import { createECDH, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { isValidUsername, LIMITS } from '@dating/contract';
import { type StaticDecode, type TSchema, Type } from 'typebox';
import { Value } from 'typebox/value';
import { parseRateLimits } from './rate-limits.ts';

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** Names proxy-addr (Fastify's trustProxy) knows besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/** An address, a CIDR (address/prefix) or one of proxy-addr's range names. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

const commaList = (value: string) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/** A variable whose text must pass `check`; `problem` names what is wrong. */
function textRule(
  check: (value: string) => boolean,
  problem: (value: string) => string,
  fallback?: string,
) {
  return Type.Refine(
    Type.String(fallback === undefined ? {} : { default: fallback }),
    check,
    problem,
  );
}

/** A whole number in a range; the message names the range. */
function wholeNumber(min: number, max: number, fallback?: number) {
  return Type.Integer({
    minimum: min,
    maximum: max,
    ...(fallback === undefined ? {} : { default: fallback }),
    hint: `a whole number from ${min} to ${max}`,
  });
}

/** `true`, `false`, a hop count, or addresses/CIDRs of trusted proxies (Fastify's trustProxy). */
const TrustProxy = Type.Codec(
  textRule(
    (value) =>
      /^(true|false|\d+)$/.test(value) || commaList(value).every((entry) => isProxyEntry(entry)),
    (value) =>
      commaList(value)
        .filter((entry) => !isProxyEntry(entry))
        .map(
          (entry) =>
            `TRUST_PROXY entry "${entry}" must be an IP address, a CIDR such as 10.0.0.0/8, or one of ${PROXY_RANGE_NAMES.join(', ')} (or the whole value true, false or a hop count).`,
        )
        .join('\n  - '),
    'false',
  ),
)
  .Decode((value): boolean | number | string[] => {
    if (value === 'true' || value === 'false') return value === 'true';
    return /^\d+$/.test(value) ? Number(value) : commaList(value);
  })
  .Encode(String);

/** RATE_LIMITS: "on", "off" (load tests only), or overrides such as `question-identity=2/15`. */
const RateLimits = Type.Codec(
  textRule(
    (value) => !Array.isArray(parseRateLimits(value)),
    (value) => (parseRateLimits(value) as string[]).join('\n  - '),
    'on',
  ),
)
  .Decode((value) => {
    const rules = parseRateLimits(value);
    return Array.isArray(rules) ? null : rules;
  })
  .Encode(() => 'on');

const PII_GUARD_MODES = ['off', 'warn', 'block'] as const;

/**
 * The proof-of-work difficulty (services/proof-of-work.ts): the most attempts a challenge
 * can need, each a PBKDF2 key derivation; `off` turns it off (tests and benchmarks only).
 * The default costs about 0.3 s in a phone's browser (docs/architecture.md, "Proof-of-work for anonymous writes").
 */
export const POW_DEFAULT_DIFFICULTY = 80;
const POW_MAX_DIFFICULTY = 100_000;
const PowDifficulty = Type.Codec(
  textRule(
    (value) =>
      value === 'off' ||
      (/^\d{1,6}$/.test(value) && Number(value) >= 1 && Number(value) <= POW_MAX_DIFFICULTY),
    (value) =>
      `POW_DIFFICULTY must be off or a whole number from 1 to ${POW_MAX_DIFFICULTY} (got "${value}").`,
    String(POW_DEFAULT_DIFFICULTY),
  ),
)
  .Decode((value): number | null => (value === 'off' ? null : Number(value)))
  .Encode((value) => (value === null ? 'off' : String(value)));

/** VAPID keys (Web Push): a P-256 key pair in unpadded base64url, as web-push writes it. */
const BASE64URL = /^[A-Za-z0-9_-]+$/;
export function isVapidPublicKey(value: string): boolean {
  const bytes = Buffer.from(value, 'base64url');
  return BASE64URL.test(value) && bytes.length === 65 && bytes[0] === 4;
}
function isVapidPrivateKey(value: string): boolean {
  return BASE64URL.test(value) && Buffer.from(value, 'base64url').length === 32;
}
/** The public key of a VAPID private key, or null when it is not one. */
function vapidPublicOf(privateKey: string): string | null {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().toString('base64url');
  } catch {
    return null;
  }
}
/** Whom a push service may contact about this server's pushes (web-push: mailto: or https:). */
const DEFAULT_VAPID_SUBJECT = 'mailto:webmaster@localhost';

/** Every environment variable the server reads, as it must be written. */
export const EnvSchema = Type.Object({
  PORT: wholeNumber(0, 65535, 8000),
  HOST: Type.String({ default: 'localhost' }),
  DATABASE_URL: Type.Optional(
    Type.String({
      pattern: '^postgres(ql)?://',
      hint: 'a URL starting with postgres:// or postgresql://',
      secret: true,
    }),
  ),
  /** Unset: DATABASE_URL. A direct connection (never a pooler in transaction mode). */
  DATABASE_LISTEN_URL: Type.Optional(
    Type.String({
      pattern: '^postgres(ql)?://',
      hint: 'a URL starting with postgres:// or postgresql://',
      secret: true,
    }),
  ),
  /** Replicas, comma-separated: strangers' reads of public content (db/read-replicas.ts). */
  DATABASE_READ_URL: Type.Optional(
    Type.Codec(
      textRule(
        (value) =>
          commaList(value).length > 0 &&
          commaList(value).every((url) => /^postgres(ql)?:\/\//.test(url)),
        () =>
          'DATABASE_READ_URL must be one or more comma-separated URLs, each starting with postgres:// or postgresql://.',
      ),
    )
      .Decode(commaList)
      .Encode((urls) => urls.join(',')),
  ),
  DATABASE_POOL_MODE: Type.Enum(['transaction', 'session'] as const, {
    default: 'transaction',
    hint: 'transaction or session',
  }),
  DATABASE_POOL_SIZE: wholeNumber(1, 200, 10),
  DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber(100, 600_000, 5_000),
  /** Unset: 2 s on PostgreSQL; 10 s on the embedded database, whose one connection every query waits for. */
  DATABASE_ACQUIRE_TIMEOUT_MS: Type.Optional(wholeNumber(100, 60_000)),
  /** Unset: DATABASE_STATEMENT_TIMEOUT_MS and 1 s. */
  DATABASE_QUERY_TIMEOUT_MS: Type.Optional(wholeNumber(100, 600_000)),
  DATABASE_LOCK_TIMEOUT_MS: wholeNumber(0, 600_000, 2_000),
  REQUEST_DEADLINE_MS: wholeNumber(100, 600_000, 10_000),
  SHUTDOWN_DEADLINE_MS: wholeNumber(0, 600_000, 10_000),
  DATA_DIR: Type.Optional(Type.String()),
  REDIS_URL: Type.Optional(
    Type.String({
      pattern: '^rediss?://',
      hint: 'a URL starting with redis:// or rediss://',
      secret: true,
    }),
  ),
  REDIS_PREFIX: Type.String({ default: 'dating:' }),
  REDIS_COMMAND_TIMEOUT_MS: wholeNumber(20, 10_000, 500),
  JWT_SECRET: Type.Optional(
    Type.String({
      minLength: 32,
      hint: 'at least 32 characters (or unset, to generate one)',
      secret: true,
    }),
  ),
  VAPID_PUBLIC_KEY: Type.Optional(
    textRule(
      isVapidPublicKey,
      () =>
        'VAPID_PUBLIC_KEY must be an uncompressed P-256 public key (65 bytes) in unpadded base64url, as `npx web-push generate-vapid-keys` prints it.',
    ),
  ),
  VAPID_PRIVATE_KEY: Type.Optional(
    textRule(
      isVapidPrivateKey,
      () =>
        'VAPID_PRIVATE_KEY must be a P-256 private key (32 bytes) in unpadded base64url, as `npx web-push generate-vapid-keys` prints it.',
    ),
  ),
  VAPID_SUBJECT: textRule(
    (value) => /^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s/]+(\/\S*)?)$/.test(value),
    (value) =>
      `VAPID_SUBJECT must be a mailto: address or an https: URL where push services can reach you (got "${value}").`,
    DEFAULT_VAPID_SUBJECT,
  ),
  PUSH_ALLOW_INSECURE: Type.Boolean({ default: false, hint: 'true or false' }),
  CORS_ORIGINS: Type.Codec(
    textRule(
      (value) => commaList(value).every((origin) => /^https?:\/\/[^/\s]+$/.test(origin)),
      (value) =>
        commaList(value)
          .filter((origin) => !/^https?:\/\/[^/\s]+$/.test(origin))
          .map(
            (origin) =>
              `CORS_ORIGINS entry "${origin}" must be an origin like https://example.com.`,
          )
          .join('\n  - '),
      '',
    ),
  )
    .Decode(commaList)
    .Encode((origins) => origins.join(',')),
  TRUST_PROXY: TrustProxy,
  RATE_LIMITS: RateLimits,
  LOG_LEVEL: Type.Enum(LOG_LEVELS, { default: 'info', hint: `one of ${LOG_LEVELS.join(', ')}` }),
  LOG_CLIENT_IP: Type.Boolean({ default: false, hint: 'true or false' }),
  ADMIN_USERNAME: Type.Optional(
    textRule(
      isValidUsername,
      () =>
        `ADMIN_USERNAME must be ${LIMITS.usernameMin} to ${LIMITS.usernameMax} ASCII letters, digits or @ . + - _ characters.`,
    ),
  ),
  ADMIN_PASSWORD: Type.Optional(
    textRule(
      (value) => value.length >= LIMITS.passwordMin,
      () => `ADMIN_PASSWORD must be at least ${LIMITS.passwordMin} characters.`,
    ),
  ),
  WEB_DIST_DIR: Type.Optional(Type.String()),
  PII_GUARD: Type.Enum(PII_GUARD_MODES, {
    default: 'warn',
    hint: `one of ${PII_GUARD_MODES.join(', ')}`,
  }),
  SAFETY_RESOURCES_FILE: Type.Optional(Type.String({ minLength: 1 })),
  MODERATION_AUTOHIDE: wholeNumber(0, 1000, 3),
  POW_DIFFICULTY: PowDifficulty,
  WEB_CONCURRENCY: Type.Optional(wholeNumber(1, 256)),
  /** Where npm was invoked: relative paths mean what they meant there. */
  INIT_CWD: Type.Optional(Type.String()),
});
export type Env = StaticDecode<typeof EnvSchema>;

/** The settings the server runs with, named for what they do. */
function settingsOf(env: Env) {
  const invokedFrom = env.INIT_CWD ?? process.cwd();
  return {
    port: env.PORT,
    host: env.HOST,
    /** PostgreSQL connection string; undefined selects embedded PGlite in `dataDir`. */
    databaseUrl: env.DATABASE_URL,
    /** The direct connection that LISTEN and migrations use (DATABASE_URL unless set). */
    databaseListenUrl: env.DATABASE_LISTEN_URL ?? env.DATABASE_URL,
    /** Replicas for strangers' reads, each up to date enough for its reader (db/read-replicas.ts). */
    databaseReadUrls: env.DATABASE_READ_URL ?? [],
    /**
     * 'transaction' (safe behind PgBouncer in transaction mode): settings per transaction,
     * statements unnamed. 'session' (each connection its own session): settings once per
     * connection, hot statements prepared by name.
     */
    databasePoolMode: env.DATABASE_POOL_MODE,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    /** PostgreSQL cancels a statement that runs longer (migrations and seeding: none). */
    databaseStatementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    /** Longest wait for a pooled connection (or a new one) before answering 503. */
    databaseAcquireTimeoutMs:
      env.DATABASE_ACQUIRE_TIMEOUT_MS ?? (env.DATABASE_URL === undefined ? 10_000 : 2_000),
    /**
     * Longest wait for the reply to one statement, on the client side (PostgreSQL): bounds a
     * statement sent before the network stalled. A little above the statement timeout, so
     * that PostgreSQL's own cancellation comes first whenever the network carries it.
     */
    databaseQueryTimeoutMs:
      env.DATABASE_QUERY_TIMEOUT_MS ?? env.DATABASE_STATEMENT_TIMEOUT_MS + 1_000,
    /** PostgreSQL's lock_timeout: a statement waiting this long for a lock answers 503 (0: none). */
    databaseLockTimeoutMs: env.DATABASE_LOCK_TIMEOUT_MS,
    /** After this long, a request starts no statement and commits nothing: it answers 503. */
    requestDeadlineMs: env.REQUEST_DEADLINE_MS,
    /** On SIGTERM/SIGINT, how long requests in flight may take to finish. */
    shutdownDeadlineMs: env.SHUTDOWN_DEADLINE_MS,
    dataDir: path.resolve(invokedFrom, env.DATA_DIR ?? path.join(REPO_ROOT, 'data')),
    redisUrl: env.REDIS_URL,
    /** Prefix of every Redis key, so several deployments can share one Redis. */
    redisPrefix: env.REDIS_PREFIX,
    /** How long one Redis command may take before the server falls back (rate limits in memory). */
    redisCommandTimeoutMs: env.REDIS_COMMAND_TIMEOUT_MS,
    /** Undefined until resolved: from JWT_SECRET, or generated once and kept in dataDir. */
    jwtSecret: env.JWT_SECRET,
    /** Undefined until resolved: from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or generated once and kept in dataDir. */
    vapidKeys:
      env.VAPID_PUBLIC_KEY !== undefined && env.VAPID_PRIVATE_KEY !== undefined
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: env.VAPID_SUBJECT,
    /** Push endpoints on http://127.0.0.1 are accepted (tests' local push service only). */
    pushAllowInsecure: env.PUSH_ALLOW_INSECURE,
    corsOrigins: env.CORS_ORIGINS,
    /** Fastify's trustProxy: false, true, a hop count, or a list of addresses/CIDRs. */
    trustProxy: env.TRUST_PROXY,
    /** The abuse limits in force; null when RATE_LIMITS=off (load tests only). */
    rateLimits: env.RATE_LIMITS,
    logLevel: env.LOG_LEVEL,
    /** Log client addresses as they are, instead of as a daily-salted hash (logging.ts). */
    logClientIp: env.LOG_CLIENT_IP,
    admin:
      env.ADMIN_USERNAME !== undefined && env.ADMIN_PASSWORD !== undefined
        ? { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD }
        : undefined,
    /** Directory of the built web app; served when it exists. */
    webDistDir: path.resolve(
      invokedFrom,
      env.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'apps/web/dist'),
    ),
    /** Personal information in posts: not checked, reported back (`pii_warnings`), or refused. */
    piiGuard: env.PII_GUARD,
    /** A JSON file of crisis support resources over the defaults (lib/safety-resources.ts). */
    safetyResourcesFile:
      env.SAFETY_RESOURCES_FILE === undefined
        ? undefined
        : path.resolve(invokedFrom, env.SAFETY_RESOURCES_FILE),
    /** Distinct reporters whose pending reports hide an item until reviewed; 0 never hides. */
    moderationAutohide: env.MODERATION_AUTOHIDE,
    /** Attempts a proof-of-work challenge needs at most; null when POW_DIFFICULTY=off. */
    powDifficulty: env.POW_DIFFICULTY,
    /** Server processes for cluster.ts (PostgreSQL only); every core by default. */
    webConcurrency: env.WEB_CONCURRENCY ?? availableParallelism(),
  };
}
export type Config = ReturnType<typeof settingsOf>;

/**
 * The message for a variable that failed its schema (a refinement writes its own). The
 * value is quoted back unless it may hold a secret (a password in a URL, a key).
 */
function problemOf(name: string, schema: TSchema, value: unknown, message: string): string {
  const { hint, secret } = schema as { hint?: unknown; secret?: unknown };
  if (typeof hint !== 'string') return `${name} ${message}.`;
  return secret === true
    ? `${name} must be ${hint}.`
    : `${name} must be ${hint} (got "${String(value)}").`;
}

/**
 * The environment's text as the schema's types: whole numbers written as such ("1.5" or
 * "1e3" stay text, and fail their check), booleans written `true` or `false`.
 */
function typedValues(raw: Record<string, string>): Record<string, unknown> {
  const typed: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    const { type } = EnvSchema.properties[name as keyof typeof EnvSchema.properties] as {
      type?: unknown;
    };
    if (type === 'integer' && /^[+-]?\d{1,15}$/.test(value)) typed[name] = Number(value);
    else if (type === 'boolean' && (value === 'true' || value === 'false')) {
      typed[name] = value === 'true';
    } else typed[name] = value;
  }
  return typed;
}

/** Rules that concern more than one variable. */
function crossProblems(env: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if ((env.ADMIN_USERNAME === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
    problems.push('ADMIN_USERNAME and ADMIN_PASSWORD must be set together.');
  }
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  if ((publicKey === undefined) !== (privateKey === undefined)) {
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together.');
  } else if (
    typeof privateKey === 'string' &&
    isVapidPrivateKey(privateKey) &&
    typeof publicKey === 'string' &&
    isVapidPublicKey(publicKey) &&
    vapidPublicOf(privateKey) !== publicKey
  ) {
    problems.push('VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY.');
  }
  return problems;
}

/**
 * Validates the environment against `EnvSchema` and returns the settings, or throws a
 * ConfigError naming every bad variable at once. Blank values count as unset.
 */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const raw: Record<string, string> = {};
  for (const name of Object.keys(EnvSchema.properties)) {
    const value = name === 'ADMIN_PASSWORD' ? env[name] : env[name]?.trim();
    if (value !== undefined && value !== '') raw[name] = value;
  }
  const typed = Value.Default(EnvSchema, typedValues(raw)) as Record<string, unknown>;
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const error of Value.Errors(EnvSchema, typed)) {
    const name = error.instancePath.split('/')[1] ?? '';
    if (seen.has(name)) continue;
    seen.add(name);
    const schema = EnvSchema.properties[name as keyof typeof EnvSchema.properties];
    problems.push(
      error.keyword === '~refine' || schema === undefined
        ? error.message
        : problemOf(name, schema, raw[name], error.message),
    );
  }
  problems.push(...crossProblems(typed));
  if (problems.length > 0) throw new ConfigError(problems);
  return settingsOf(Value.Decode(EnvSchema, typed));
}

/**
 * The signing secret: JWT_SECRET when set, otherwise a random one generated on first
 * start and kept (mode 0600) in the data directory, so tokens survive restarts without
 * a secret ever living in the code. Several instances must share JWT_SECRET.
 */
export async function resolveJwtSecret(config: Config): Promise<string> {
  if (config.jwtSecret !== undefined) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
    const secret = randomBytes(48).toString('base64url');
    await writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(async () => {
      // Another process created it first: use theirs.
    });
    return (await readFile(file, 'utf8')).trim();
  }
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A fresh VAPID key pair (P-256), in unpadded base64url. */
export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    // A private key with leading zero bytes comes back shorter: it is 32 bytes all the same.
    privateKey: Buffer.from(ecdh.getPrivateKey().toString('hex').padStart(64, '0'), 'hex').toString(
      'base64url',
    ),
  };
}

/**
 * The Web Push (VAPID) key pair: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, otherwise
 * one generated on first start and kept (mode 0600) in the data directory beside the JWT
 * secret, so that browsers' subscriptions, which name the public key, survive restarts.
 * Several hosts must share the pair through the environment.
 */
export async function resolveVapidKeys(config: Config): Promise<VapidKeys> {
  if (config.vapidKeys !== undefined) return config.vapidKeys;
  const file = path.join(config.dataDir, 'vapid-keys.json');
  const read = async (): Promise<VapidKeys> => {
    const kept = JSON.parse(await readFile(file, 'utf8')) as Partial<VapidKeys>;
    if (
      typeof kept.publicKey !== 'string' ||
      typeof kept.privateKey !== 'string' ||
      vapidPublicOf(kept.privateKey) !== kept.publicKey
    ) {
      throw new Error(`${file} does not hold a VAPID key pair: remove it to generate a new one.`);
    }
    return { publicKey: kept.publicKey, privateKey: kept.privateKey };
  };
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
    // Written aside and linked into place, so that a process starting alongside (cluster.ts)
    // never reads a half-written file; if another process linked first, theirs is used.
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(draft, JSON.stringify(generateVapidKeys()), { mode: 0o600, flag: 'wx' });
    await link(draft, file).catch((linkError: NodeJS.ErrnoException) => {
      if (linkError.code !== 'EEXIST') throw linkError;
    });
    await unlink(draft);
    return read();
  }
}
