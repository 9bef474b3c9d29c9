import { TagCountList } from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listTagsWithCounts } from '../../../repositories/tags.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: {
        tags: ['tags'],
        summary: 'Every tag, by name, with the number of questions in the feed that carry it',
        response: { 200: TagCountList },
      },
    },
    () => listTagsWithCounts(app.db),
  );
};

export default routes;
