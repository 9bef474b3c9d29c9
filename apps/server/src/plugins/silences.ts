/**
 * A silenced identity reads but does not write (issue 39): every write of the API
 * (questions, answers, replies, updates, edits, likes, "this helped", reports) by a
 * silenced account, or with a silenced anonymous key, answers 403 with the reason and the
 * end time: `{"detail": "You cannot post until <date>: <reason>", "silenced_until": ...}`.
 *
 * A few writes stay open, because they are not speaking to anyone: a person's rights over
 * their own data (deleting an account, erasing a key, deleting their own posts), claiming
 * a key into an account (which carries the silence over), their inbox and devices,
 * following a question, and the work of staff (who cannot be silenced).
 *
 * The identity is the request's own, as everywhere (auth/identity.ts): its user, or else
 * the key in the body's `session_id` or X-Session-Id. Registered in the bearer-token
 * scope after the auth plugin; it runs before validation, so a silenced write is refused
 * before anything else looks at it.
 */
import { silenceEnd } from '@dating/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { checkSessionId } from '../auth/identity.ts';
import { detailError, type HttpError, message } from '../lib/http-errors.ts';
import { hashSessionId } from '../lib/session-id.ts';
import { activeSilenceOf } from '../repositories/silences.ts';
import { AUTH_PLUGIN } from './auth.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `METHOD url` of the writes a silence leaves open (see above). */
export const OPEN_TO_SILENCED = new Set([
  'DELETE /api/my/account/',
  'DELETE /api/my/anonymous/',
  'POST /api/my/claim/',
  'DELETE /api/questions/:id/',
  'DELETE /api/answers/:id/',
  'POST /api/notifications/read/',
  'POST /api/push/subscriptions/',
  'DELETE /api/push/subscriptions/',
  'POST /api/questions/:id/follow/',
  'DELETE /api/questions/:id/follow/',
]);

/** Staff work: only admins and moderators reach it, and they cannot be silenced. */
const STAFF_PREFIXES = ['/api/moderation/'];
const STAFF_REVIEWS = new Set([
  'PATCH /api/reports/:id/',
  'POST /api/reports/:id/acknowledge/',
  'POST /api/reports/:type/:id/review/',
]);

/** Whether a silence refuses this route: every write but those above. */
export function refusedWhenSilenced(method: string, url: string): boolean {
  if (READS.has(method)) return false;
  const route = `${method} ${url}`;
  if (OPEN_TO_SILENCED.has(route) || STAFF_REVIEWS.has(route)) return false;
  return !STAFF_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/** The 403 of a silenced write. */
export function silencedError(silence: { reason: string; ends_at: Date }): HttpError {
  return detailError(
    403,
    message('silenced', { until: silenceEnd(silence.ends_at), reason: silence.reason }),
    {},
    { silenced_until: silence.ends_at.toISOString() },
  );
}

function identityOf(request: FastifyRequest) {
  if (request.user) return { userId: request.user.id, sessionHash: null };
  const body = request.body;
  const fromBody =
    typeof body === 'object' && body !== null && 'session_id' in body
      ? (body as { session_id: unknown }).session_id
      : undefined;
  const sessionId = checkSessionId(fromBody ?? request.headers['x-session-id']);
  return sessionId === null ? null : { userId: null, sessionHash: hashSessionId(sessionId) };
}

export default fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      const url = request.routeOptions.url;
      if (url === undefined || !refusedWhenSilenced(request.method, url)) return;
      const who = identityOf(request);
      if (who === null) return;
      const silence = await activeSilenceOf(app.db, who);
      if (silence) throw silencedError(silence);
    });
  },
  { name: 'silences', dependencies: [AUTH_PLUGIN] },
);
