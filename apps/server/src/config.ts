/**
 * Configuration, read once from the environment at start-up and validated with a clear
 * message for each bad variable. Nothing else in the server reads `process.env`.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { LIMITS, USERNAME_PATTERN } from '@dating/contract';
import { parseRateLimits, type RateLimitRules } from './rate-limits.ts';

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; undefined selects embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined;
  databasePoolSize: number;
  dataDir: string;
  redisUrl: string | undefined;
  /** Undefined until resolved: from JWT_SECRET, or generated once and kept in dataDir. */
  jwtSecret: string | undefined;
  corsOrigins: string[];
  /** Fastify's trustProxy: false, true, a hop count, or a list of addresses/CIDRs. */
  trustProxy: boolean | number | string[];
  /** The abuse limits in force; null when RATE_LIMITS=off (load tests only). */
  rateLimits: RateLimitRules | null;
  /** Prefix of every Redis key, so several deployments can share one Redis. */
  redisPrefix: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  admin: { username: string; password: string } | undefined;
  /** Directory of the built web app; served when it exists. */
  webDistDir: string;
  /** Server processes for cluster.ts (PostgreSQL only); every core by default. */
  webConcurrency: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** Names proxy-addr (Fastify's trustProxy) knows besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, a CIDR (address/prefix) or one of proxy-addr's range names. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}
const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

type Env = Record<string, string | undefined>;

/** The registration rule for usernames (also for admins made from the environment). */
export function isValidUsername(name: string): boolean {
  const length = [...name].length;
  return (
    length >= LIMITS.usernameMin &&
    length <= LIMITS.usernameMax &&
    new RegExp(USERNAME_PATTERN, 'u').test(name)
  );
}

export function loadConfig(env: Env): Config {
  const problems: string[] = [];
  const text = (name: string) => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };
  const integer = (name: string, fallback: number, min: number, max: number) => {
    const raw = text(name);
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
      return fallback;
    }
    return value;
  };

  // Relative paths mean what they meant where the user typed the command: npm runs
  // workspace scripts in the workspace's folder but records the caller's in INIT_CWD.
  const invokedFrom = text('INIT_CWD') ?? process.cwd();

  const databaseUrl = text('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must start with postgres:// or postgresql://.');
  }
  const redisUrl = text('REDIS_URL');
  if (redisUrl !== undefined && !/^rediss?:\/\//.test(redisUrl)) {
    problems.push('REDIS_URL must start with redis:// or rediss://.');
  }
  const jwtSecret = text('JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    problems.push('JWT_SECRET must be at least 32 characters (or unset, to generate one).');
  }

  const corsOrigins = (text('CORS_ORIGINS') ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of corsOrigins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) {
      problems.push(`CORS_ORIGINS entry "${origin}" must be an origin like https://example.com.`);
    }
  }

  const rawProxy = text('TRUST_PROXY');
  let trustProxy: Config['trustProxy'] = false;
  if (rawProxy === 'true') trustProxy = true;
  else if (rawProxy === undefined || rawProxy === 'false') trustProxy = false;
  else if (/^\d+$/.test(rawProxy)) trustProxy = Number(rawProxy);
  else {
    trustProxy = rawProxy.split(',').map((p) => p.trim());
    for (const entry of trustProxy.filter((p) => !isProxyEntry(p))) {
      problems.push(
        `TRUST_PROXY entry "${entry}" must be an IP address, a CIDR such as 10.0.0.0/8, or one of ${PROXY_RANGE_NAMES.join(', ')} (or the whole value true, false or a hop count).`,
      );
    }
  }

  const rateLimits = parseRateLimits(text('RATE_LIMITS'));
  if (Array.isArray(rateLimits)) problems.push(...rateLimits);

  const logLevel = (text('LOG_LEVEL') ?? 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}.`);
  }

  const adminUsername = text('ADMIN_USERNAME');
  const adminPassword = env.ADMIN_PASSWORD;
  if ((adminUsername === undefined) !== (adminPassword === undefined)) {
    problems.push('ADMIN_USERNAME and ADMIN_PASSWORD must be set together.');
  }
  if (adminUsername !== undefined && !isValidUsername(adminUsername)) {
    problems.push(
      `ADMIN_USERNAME must be ${LIMITS.usernameMin} to ${LIMITS.usernameMax} letters, digits or @ . + - _ characters.`,
    );
  }
  if (adminPassword !== undefined && adminPassword.length < LIMITS.passwordMin) {
    problems.push(`ADMIN_PASSWORD must be at least ${LIMITS.passwordMin} characters.`);
  }

  const config: Config = {
    port: integer('PORT', 8000, 0, 65535),
    host: text('HOST') ?? 'localhost',
    databaseUrl,
    databasePoolSize: integer('DATABASE_POOL_SIZE', 10, 1, 200),
    dataDir: path.resolve(invokedFrom, text('DATA_DIR') ?? path.join(REPO_ROOT, 'data')),
    redisUrl,
    jwtSecret,
    corsOrigins,
    trustProxy,
    rateLimits: Array.isArray(rateLimits) ? null : rateLimits,
    redisPrefix: text('REDIS_PREFIX') ?? 'dating:',
    logLevel,
    admin:
      adminUsername !== undefined && adminPassword !== undefined
        ? { username: adminUsername, password: adminPassword }
        : undefined,
    webDistDir: path.resolve(
      invokedFrom,
      text('WEB_DIST_DIR') ?? path.join(REPO_ROOT, 'apps/web/dist'),
    ),
    webConcurrency: integer('WEB_CONCURRENCY', availableParallelism(), 1, 256),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
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
