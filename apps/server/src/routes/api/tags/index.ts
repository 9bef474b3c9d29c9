import { TagList } from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { listTags } from '../../../repositories/tags.ts';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/',
    {
      prefixTrailingSlash: 'slash',
      schema: { tags: ['tags'], summary: 'Every tag, by name', response: { 200: TagList } },
    },
    () => listTags(app.db),
  );
};

export default routes;
