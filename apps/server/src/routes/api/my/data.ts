/**
 * One's data, to take along or take down: the export of everything kept for the request's
 * identity (an account, or the anonymous key in X-Session-Id), the deletion of the signed-in
 * account, and the erasure of what a key wrote.
 */
import {
  AccountDeleteBody,
  AccountErasure,
  ErasureCounts,
  KeyErasureQuery,
  MyExport,
} from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { verifyPassword } from '../../../auth/passwords.ts';
import { fieldError, unauthorized } from '../../../lib/http-errors.ts';
import { currentUser, signedIn, viewerOf } from '../../../plugins/auth.ts';
import { PRIVATE_CACHE_CONTROL } from '../../../plugins/private-responses.ts';
import { findAccountForDeletion } from '../../../repositories/my-data.ts';
import { exportFilename, exportOf } from '../../../services/data-export.ts';
import { deleteAccount, eraseKey } from '../../../services/erasure.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/export/',
    {
      config: { rateLimitPolicy: 'edit' },
      schema: {
        tags: ['my content'],
        summary:
          "Everything the site keeps for the signed-in account, or for the anonymous key in X-Session-Id, as one JSON file to download (Content-Disposition: attachment). A key's likes and reports cannot be listed: the document says why.",
        response: { 200: MyExport },
      },
    },
    async (request, reply) => {
      const viewer = viewerOf(request);
      if (viewer.user === null && viewer.sessionHash === null) {
        throw fieldError('session_id', 'sessionInvalid');
      }
      const now = new Date();
      const document = await exportOf(app.db, viewer, now);
      reply.header('Content-Disposition', `attachment; filename="${exportFilename(now)}"`);
      reply.header('Cache-Control', PRIVATE_CACHE_CONTROL);
      return document;
    },
  );

  app.delete(
    '/account/',
    {
      preHandler: signedIn,
      // A password is checked: as many tries as a login, from one address.
      config: { rateLimitPolicy: 'login' },
      schema: {
        tags: ['my content'],
        summary:
          'Delete the signed-in account, with its password: its posts go (`delete`; a reply others replied under stays as "[deleted]") or stay for nobody, for good (`anonymize`); its likes, follows, notifications, devices and sign-ins go. Every token of it is refused from then on; its username is free again after 30 days.',
        body: AccountDeleteBody,
        response: { 200: AccountErasure },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const account = await findAccountForDeletion(app.db, user.id);
      if (!account) throw unauthorized('tokenInvalid');
      if (!(await verifyPassword(account.password_hash, request.body.password))) {
        throw fieldError('password', 'passwordIncorrect');
      }
      const erased = await deleteAccount(
        { db: app.db, tokens: app.tokens, deletedNames: app.deletedNames },
        account,
        request.body.posts,
      );
      if (!erased) throw unauthorized('tokenInvalid');
      return erased;
    },
  );

  app.delete(
    '/anonymous/',
    {
      config: { rateLimitPolicy: 'edit' },
      schema: {
        tags: ['my content'],
        summary:
          'Erase what the anonymous key in X-Session-Id wrote: its questions (each with its thread), its replies (one others replied under stays as "[deleted]"), its follows, notifications and devices; answers how many of each. `dry_run=true` only counts. Its likes and reports are stored under per-post MACs no query by the key can find, and stay. Anonymous requests only.',
        querystring: KeyErasureQuery,
        response: { 200: ErasureCounts },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      // One identity per request: a signed-in request carries no key to erase.
      if (viewer.sessionHash === null) {
        throw fieldError('session_id', viewer.user ? 'anonymousKeyOnly' : 'sessionInvalid');
      }
      return eraseKey(app.db, viewer.sessionHash, request.query.dry_run === 'true');
    },
  );
};

export default routes;
