/**
 * Moderators (admins only): list them, appoint one, remove one, by username. Appointing
 * and removing are idempotent; both answer the account.
 */
import { isValidUsername, Moderator, ModeratorBody, ModeratorList } from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { setModerator } from '../../../auth/moderators.ts';
import { fieldError, notFound } from '../../../lib/http-errors.ts';
import { actorOf, staffOnly } from '../../../plugins/auth.ts';
import { listModerators } from '../../../repositories/moderators.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      preHandler: staffOnly,
      schema: {
        tags: ['moderation'],
        summary: 'The moderators, by username (admins)',
        security: [{ bearer: [] }],
        response: { 200: ModeratorList },
      },
    },
    async () => listModerators(app.db),
  );

  for (const method of ['post', 'delete'] as const) {
    const on = method === 'post';
    app[method](
      '/',
      {
        prefixTrailingSlash: 'slash',
        preHandler: staffOnly,
        schema: {
          tags: ['moderation'],
          summary: on
            ? 'Appoint a moderator by username (admins); again changes nothing. 404: no such account.'
            : 'Remove a moderator by username (admins); removing someone who is none changes nothing. 404: no such account.',
          security: [{ bearer: [] }],
          body: ModeratorBody,
          response: { 200: Moderator },
        },
      },
      async (request) => {
        const { username } = request.body;
        if (!isValidUsername(username)) throw fieldError('username', 'usernameInvalid');
        const changed = await setModerator(app.db, username, on, actorOf(request));
        if (!changed) throw notFound();
        return { id: changed.id, username: changed.username };
      },
    );
  }
};

export default routes;
