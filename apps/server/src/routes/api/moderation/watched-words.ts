/** Watched words (admins): list, add, remove (services/watched-words.ts). */
import { IdParams, WatchedWord, WatchedWordCreateBody, WatchedWordList } from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { fieldError, notFound } from '../../../lib/http-errors.ts';
import { ruleProblem, ruleWords } from '../../../lib/watched-words.ts';
import { staffOnly } from '../../../plugins/auth.ts';
import {
  deleteWatchedWord,
  insertWatchedWord,
  listWatchedWords,
} from '../../../repositories/watched-words.ts';

const present = (row: {
  id: number;
  word: string;
  action: WatchedWord['action'];
  created_at: Date;
}) => ({
  id: row.id,
  word: row.word,
  action: row.action,
  created_at: row.created_at.toISOString(),
});

const watchedWordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/watched-words/',
    {
      preHandler: staffOnly,
      schema: {
        tags: ['moderation'],
        summary: 'The watched words, oldest first (admins)',
        security: [{ bearer: [] }],
        response: { 200: WatchedWordList },
      },
    },
    async () => (await listWatchedWords(app.db)).map(present),
  );

  app.post(
    '/watched-words/',
    {
      preHandler: staffOnly,
      schema: {
        tags: ['moderation'],
        summary:
          'Watch a word, phrase or pattern (`*` inside a word) with what a post holding it gets (admins). 400: no word in it, or watched already.',
        security: [{ bearer: [] }],
        body: WatchedWordCreateBody,
        response: { 201: WatchedWord },
      },
    },
    async (request, reply) => {
      const word = request.body.word.trim();
      const problem = ruleProblem(word);
      if (problem !== null) throw fieldError('word', problem);
      const row = await insertWatchedWord(app.db, {
        word,
        folded: ruleWords(word).join(' '),
        action: request.body.action,
      });
      if (!row) throw fieldError('word', 'watchedWordDuplicate');
      app.watchedWords.changed();
      return reply.code(201).send(present(row));
    },
  );

  app.delete(
    '/watched-words/:id/',
    {
      preHandler: staffOnly,
      schema: {
        tags: ['moderation'],
        summary: 'Stop watching a word (admins); posts it held stay as they are',
        security: [{ bearer: [] }],
        params: IdParams,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      if (!(await deleteWatchedWord(app.db, request.params.id))) throw notFound();
      app.watchedWords.changed();
      return reply.code(204).send(null);
    },
  );
};

export default watchedWordRoutes;
