/** Crisis support resources (services/safety.ts), for a "Get help" page. Public. */
import { SafetyResourcesQuery, SafetyResourcesResponse } from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/resources/',
    {
      schema: {
        tags: ['safety'],
        summary:
          "Support resources for every crisis category (the panel after a post shows those of its categories); with `country`, also that country's own helplines",
        querystring: SafetyResourcesQuery,
        response: { 200: SafetyResourcesResponse },
      },
    },
    async (request) => app.safety.all(request.query.country),
  );
};

export default routes;
