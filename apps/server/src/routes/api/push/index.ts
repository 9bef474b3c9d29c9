/**
 * Web Push on this device: the server's public key, and subscribing or unsubscribing a
 * browser under the requester's identity (an account, or the key in X-Session-Id). What is
 * pushed, and when, is services/push.ts.
 */
import { PushKey, PushSubscriptionBody, PushUnsubscribeBody } from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requireAuthor } from '../../../auth/identity.ts';
import { viewerOf } from '../../../plugins/auth.ts';
import { subscribe, unsubscribe } from '../../../services/push.ts';

/** Subscribing and unsubscribing: what they answer depends on the identity. */
const subscriptionRoutes: FastifyPluginAsyncTypebox = async (own) => {
  own.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    reply.header('Vary', 'Authorization, X-Session-Id');
  });

  own.post(
    '/subscriptions/',
    {
      config: { rateLimitPolicy: 'edit' },
      schema: {
        tags: ['push'],
        summary:
          "Be told on this device: keep the browser's push subscription (PushSubscription.toJSON()) under your account or key. Sending it again is harmless; a browser another identity subscribed moves to you. At most 10 per identity. The endpoint must be https on port 443, to a host whose every address is public (checked again at each push).",
        body: PushSubscriptionBody,
        response: { 201: Type.Null() },
      },
    },
    async (request, reply) => {
      const author = requireAuthor(viewerOf(request));
      await subscribe(own.db, author, request.body, own.push.endpointRules);
      return reply.code(201).send(null);
    },
  );

  own.delete(
    '/subscriptions/',
    {
      config: { rateLimitPolicy: 'edit' },
      schema: {
        tags: ['push'],
        summary:
          'Stop being told on this device: forget the subscription of this endpoint, if it is yours',
        body: PushUnsubscribeBody,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      const author = requireAuthor(viewerOf(request));
      await unsubscribe(own.db, author, request.body.endpoint);
      return reply.code(204).send(null);
    },
  );
};

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/key/',
    {
      schema: {
        tags: ['push'],
        summary:
          "The server's VAPID public key, for the browser's pushManager.subscribe({applicationServerKey})",
        response: { 200: PushKey },
      },
    },
    async (_request, reply) => {
      // The same for everyone; revalidated, since an operator may replace the key pair.
      reply.header('Cache-Control', 'no-cache');
      return { public_key: app.push.publicKey };
    },
  );

  await app.register(subscriptionRoutes);
};

export default routes;
