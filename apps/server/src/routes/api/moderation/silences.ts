/**
 * Silences (admins and moderators): silence the author of a post, or an account, for a
 * number of days; list the running ones; lift one early. Nothing here names a key, its
 * hash, an address or a network.
 */
import { IdParams, Silence, SilenceBody, SilenceList } from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { answerLanguage } from '../../../lib/accept-language.ts';
import { fieldError } from '../../../lib/http-errors.ts';
import { actorOf, moderatorOnly } from '../../../plugins/auth.ts';
import { listActiveSilences } from '../../../repositories/silences.ts';
import { lift, presentSilence, silence, sourceOf } from '../../../services/silences.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      preHandler: moderatorOnly,
      schema: {
        tags: ['moderation'],
        summary:
          'The silences still running, the soonest to end first, each with what it was made from ("author of answer 12", made_from in the language Accept-Language asks for), never whose (admins and moderators)',
        security: [{ bearer: [] }],
        response: { 200: SilenceList },
      },
    },
    async (request, reply) => {
      const language = answerLanguage(request, reply);
      return (await listActiveSilences(app.db)).map((row) => presentSilence(row, language));
    },
  );

  app.post(
    '/',
    {
      prefixTrailingSlash: 'slash',
      preHandler: moderatorOnly,
      schema: {
        tags: ['moderation'],
        summary:
          'Silence the author of a question or an answer (an account, or the anonymous key that wrote it, without anyone learning the key), or an account by id, for 1 to 365 days with a reason: they can read but not write until then (admins and moderators). Exactly one of question, answer, user. 404: no such post or account.',
        security: [{ bearer: [] }],
        body: SilenceBody,
        response: { 201: Silence },
      },
    },
    async (request, reply) => {
      const source = sourceOf(request.body);
      const reason = request.body.reason.trim();
      if (reason === '') throw fieldError('reason', 'silenceReasonBlank');
      const by = actorOf(request);
      const row = await app.db
        .transaction()
        .execute((tx) => silence(tx, source, { days: request.body.days, reason }, by));
      return reply.code(201).send(presentSilence(row, answerLanguage(request, reply)));
    },
  );

  app.delete(
    '/:id/',
    {
      preHandler: moderatorOnly,
      schema: {
        tags: ['moderation'],
        summary:
          'Lift a running silence early (admins and moderators). 404: none running with this id.',
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const by = actorOf(request);
      await app.db.transaction().execute((tx) => lift(tx, request.params.id, by));
      return reply.code(204).send(null);
    },
  );
};

export default routes;
