/**
 * Abuse limits, close to what mature forums use. A route names a policy; each policy is
 * a set of rules, counted per client IP or per identity (the user, else the anonymous
 * session, else the IP) before the route runs. Likes and reports are also bounded per IP
 * so that rotating session ids cannot stuff counts. Three more budgets are counted by the
 * routes themselves, once they know what they count:
 * - failed logins per account (by account id, so a username and an email share it), for
 *   clients the account does not know; a device the account signed in on before has a
 *   budget of its own instead (routes/api/auth.ts, SECURITY.md);
 * - refused ownership checks (403 on another's item) per IP and per target item, so that
 *   anonymous keys cannot be guessed; the owner's own requests are never counted;
 * - live event streams open at once, per IP and per identity, on each instance
 *   (services/live-events.ts): a stream holds a connection, not a moment.
 * Any rule can be overridden with RATE_LIMITS.
 */
export type RateLimitSubject = 'ip' | 'identity' | 'account' | 'device' | 'target';

export interface RateLimitRule {
  subject: RateLimitSubject;
  max: number;
  windowSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const DEFAULT_RULES = {
  'login-ip-minute': { subject: 'ip', max: 6, windowSeconds: MINUTE },
  'login-ip-hour': { subject: 'ip', max: 30, windowSeconds: HOUR },
  // Failed logins from unknown devices: bounds a distributed attack on one account to
  // ~1,000 guesses a day. A device the account knows is never held up by it.
  'login-account': { subject: 'account', max: 10, windowSeconds: 15 * MINUTE },
  // Failed logins from one known device (its own budget, should its cookie be stolen).
  'login-device': { subject: 'device', max: 10, windowSeconds: 15 * MINUTE },
  'register-ip-hour': { subject: 'ip', max: 10, windowSeconds: HOUR },
  'refresh-ip-minute': { subject: 'ip', max: 30, windowSeconds: MINUTE },
  'question-identity': { subject: 'identity', max: 1, windowSeconds: 15 },
  'question-ip-hour': { subject: 'ip', max: 30, windowSeconds: HOUR },
  'reply-identity': { subject: 'identity', max: 1, windowSeconds: 5 },
  'reply-ip-hour': { subject: 'ip', max: 120, windowSeconds: HOUR },
  'like-identity-day': { subject: 'identity', max: 50, windowSeconds: DAY },
  'like-ip-day': { subject: 'ip', max: 200, windowSeconds: DAY },
  'report-identity-day': { subject: 'identity', max: 20, windowSeconds: DAY },
  'report-ip-day': { subject: 'ip', max: 50, windowSeconds: DAY },
  'edit-identity-minute': { subject: 'identity', max: 20, windowSeconds: MINUTE },
  // Each challenge costs the server a key derivation (about 20 health checks); every
  // anonymous write needs one, so this is well above what a person or a busy NAT uses.
  'challenge-ip-minute': { subject: 'ip', max: 30, windowSeconds: MINUTE },
  // Refused ownership checks: an owner never fails them, a guesser of anonymous keys does.
  'guess-ip': { subject: 'ip', max: 10, windowSeconds: 15 * MINUTE },
  'guess-target': { subject: 'target', max: 20, windowSeconds: 15 * MINUTE },
  // Live event streams open at once on one instance (their window is not used).
  'events-ip': { subject: 'ip', max: 20, windowSeconds: 1 },
  'events-identity': { subject: 'identity', max: 5, windowSeconds: 1 },
} as const satisfies Record<string, RateLimitRule>;

export type RuleName = keyof typeof DEFAULT_RULES;
export type RateLimitRules = Record<RuleName, RateLimitRule>;

/** What a route counts before it runs (`config: { rateLimitPolicy }`): IP and identity rules. */
export const POLICIES = {
  login: ['login-ip-minute', 'login-ip-hour'],
  register: ['register-ip-hour'],
  refresh: ['refresh-ip-minute'],
  question: ['question-identity', 'question-ip-hour'],
  reply: ['reply-identity', 'reply-ip-hour'],
  like: ['like-identity-day', 'like-ip-day'],
  report: ['report-identity-day', 'report-ip-day'],
  edit: ['edit-identity-minute'],
  challenge: ['challenge-ip-minute'],
} as const satisfies Record<string, readonly RuleName[]>;

export type RateLimitPolicy = keyof typeof POLICIES;

/** Counted by the login route: per account for unknown devices, per device for known ones. */
export const LOGIN_RULES = { account: 'login-account', device: 'login-device' } as const;
/** Counted on each refused ownership check, per IP and per target. */
export const GUESS_RULES = ['guess-ip', 'guess-target'] as const satisfies readonly RuleName[];

const isRuleName = (name: string): name is RuleName => Object.hasOwn(DEFAULT_RULES, name);

/**
 * RATE_LIMITS: "on" (the default), "off" (load tests only), or overrides like
 * "question-identity=2/15,like-ip-day=500/86400" (max per window in seconds).
 * Returns the rules, null when off, or the problems found.
 */
export function parseRateLimits(raw: string | undefined): RateLimitRules | null | string[] {
  const value = raw?.trim() || 'on';
  if (value === 'off') return null;
  const rules: RateLimitRules = { ...DEFAULT_RULES };
  if (value === 'on') return rules;
  const problems: string[] = [];
  for (const entry of value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const match = /^([a-z-]+)=(\d{1,9})\/(\d{1,9})$/.exec(entry);
    const name = match?.[1];
    if (!match || name === undefined || !isRuleName(name)) {
      problems.push(
        `RATE_LIMITS entry "${entry}" must be RULE=MAX/SECONDS with RULE one of ${Object.keys(DEFAULT_RULES).join(', ')} (or the whole value "on" or "off").`,
      );
      continue;
    }
    const max = Number(match[2]);
    const windowSeconds = Number(match[3]);
    if (max < 1 || windowSeconds < 1) {
      problems.push(`RATE_LIMITS entry "${entry}" needs a max and a window of at least 1.`);
      continue;
    }
    rules[name] = { subject: DEFAULT_RULES[name].subject, max, windowSeconds };
  }
  return problems.length > 0 ? problems : rules;
}
