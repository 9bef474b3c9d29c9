/**
 * Reads the bearer access token of every API request in its scope (all but the public
 * account and health calls). A request without one is anonymous, and its X-Session-Id, when
 * present, must be a strong session id (400 otherwise); one with an invalid, expired,
 * revoked (signed out) or wrong-type token is refused with 401 so the web app refreshes it.
 * The user (and the admin and moderator flags) is read from the database on each request, so a change
 * takes effect on the next one.
 */

import type { StaffRole } from '@dating/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type AuthUser, checkSessionId, type Viewer, viewerFrom } from '../auth/identity.ts';
import { moderates, roleOf } from '../auth/roles.ts';
import { forbidden, unauthorized } from '../lib/http-errors.ts';
import { findUserById } from '../repositories/users.ts';

/** The plugin's name: a route registered in its scope is read by its hook. */
export const AUTH_PLUGIN = 'auth';

export default fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      if (header === undefined || header === '') {
        checkSessionId(request.headers['x-session-id']);
        return;
      }
      const match = /^Bearer ([A-Za-z0-9_.-]{1,4096})$/.exec(header);
      if (!match?.[1]) throw unauthorized('tokenInvalid');
      const verified = await app.tokens.verifyAccess(match[1]);
      if (!verified) throw unauthorized('tokenInvalid');
      const user = await findUserById(app.db, verified.userId);
      if (!user) throw unauthorized('tokenInvalid');
      request.user = user;
    });
  },
  { name: AUTH_PLUGIN, dependencies: ['services'] },
);

/** preHandler: the call needs a signed-in user. */
export async function signedIn(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized();
}

/** preHandler: the call needs an admin. */
export async function staffOnly(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized();
  if (!request.user.is_staff) throw forbidden();
}

/**
 * preHandler: the call needs an admin or a moderator (auth/roles.ts): the queue, its
 * reviews, silences and the log.
 */
export async function moderatorOnly(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized();
  if (!moderates(request.user)) throw forbidden();
}

/** Who acts on a call behind `moderatorOnly`: their id and the role they act in. */
export function actorOf(request: FastifyRequest): { adminId: number; role: StaffRole } {
  const user = currentUser(request);
  const role = roleOf(user);
  if (role === null) throw forbidden();
  return { adminId: user.id, role };
}

/** The signed-in user of a request behind `signedIn`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The viewer of a request: its user, or else its session from the body or X-Session-Id. */
export function viewerOf(request: FastifyRequest, bodySessionId?: unknown): Viewer {
  const macs = request.server.activityMacs;
  return viewerFrom(macs, request.user, request.headers['x-session-id'], bodySessionId);
}
