/**
 * Accounts and tokens: register, obtain, refresh, revoke. Public: registered outside the
 * bearer-token scope, so a stale token a client still sends never blocks signing in.
 */

import {
  ErrorDetail,
  PublicUser,
  RefreshBody,
  RegisterBody,
  TokenBody,
  TokenPair,
} from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { verifyPassword } from '../../auth/passwords.ts';
import type { RegisteredUser } from '../../auth/registration.ts';
import { registerUser, registrationProblems } from '../../auth/registration.ts';
import {
  badRequest,
  type FieldMessages,
  fieldErrors,
  unauthorized,
} from '../../lib/http-errors.ts';
import { validationToFieldErrors } from '../../plugins/errors.ts';
import { findUserForLogin } from '../../repositories/users.ts';

const bearerRe = /^Bearer ([A-Za-z0-9_.-]{1,4096})$/;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/register/',
    {
      config: { rateLimitPolicy: 'register', idempotent: true },
      // Schema problems are merged with the field rules below, so that every field's
      // problem is reported at once.
      attachValidation: true,
      schema: {
        tags: ['auth'],
        summary: 'Create an account',
        body: RegisterBody,
        response: { 201: PublicUser },
      },
    },
    async (request, reply) => {
      const schemaProblems = request.validationError
        ? validationToFieldErrors(request.validationError.validation)
        : {};
      if (schemaProblems === null) throw badRequest('invalidBody');
      const problems = registrationProblems(request.body, schemaProblems);
      if (Object.keys(problems).length > 0) throw fieldErrors(problems);
      const key = request.idempotency?.answering(201, (user: RegisteredUser) => user);
      const user = await registerUser(app.db, app.deletedNames, request.body, key);
      return reply.code(201).send(user);
    },
  );

  app.post(
    '/token/',
    {
      config: { rateLimitPolicy: 'login' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in: a username or email with a password gives an access and a refresh token',
        body: TokenBody,
        response: { 200: TokenPair, 401: ErrorDetail },
      },
    },
    async (request, reply) => {
      const { username, email, password } = request.body;
      // Usernames are stored NFKC-normalized (contract: username.ts): a login name typed in
      // full-width or other compatibility forms names the same account.
      const login = (email ?? username ?? '').normalize('NFKC').trim();
      if (login === '' || password === '') {
        const errors: FieldMessages = {};
        if (login === '') errors.username = ['required'];
        if (password === '') errors.password = ['required'];
        throw fieldErrors(errors);
      }
      const asEmail = email !== undefined || login.includes('@');
      const user = await findUserForLogin(app.db, login, asEmail);
      // Failed logins count per account (by id: a username and an email share it), and a
      // device the account signed in on before counts on its own budget instead, so that
      // strangers spending the account's budget never lock its owner out. A name that
      // names no account has a budget too, so both cases look alike.
      const device = app.devices.read(request.headers.cookie);
      const attempt = await app.limits.loginAttempt(
        request,
        device && user && app.devices.knows(device, user.id)
          ? { device: device.id }
          : {
              // Counted under a keyed hash (plugins/rate-limit.ts), never as it is.
              account: user ? `u${user.id}` : `n${login.toLowerCase()}`,
            },
      );
      const ok = await verifyPassword(user?.password_hash ?? null, password);
      if (!user || !ok) throw unauthorized('badCredentials');
      await attempt.succeeded();
      reply.header(
        'Set-Cookie',
        app.devices.cookieAfterLogin(device, user.id, request.protocol === 'https'),
      );
      return app.tokens.pair(app.db, user.id);
    },
  );

  app.post(
    '/token/refresh/',
    {
      config: { rateLimitPolicy: 'refresh' },
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token (used once) for a new access and refresh token',
        body: RefreshBody,
        response: { 200: TokenPair, 401: ErrorDetail },
      },
    },
    async (request) => {
      const pair = await app.db
        .transaction()
        .execute((tx) => app.tokens.rotate(tx, request.body.refresh));
      if (!pair) throw unauthorized('tokenInvalid');
      return pair;
    },
  );

  app.post(
    '/token/blacklist/',
    {
      config: { rateLimitPolicy: 'refresh' },
      schema: {
        tags: ['auth'],
        summary:
          'Sign out: revoke a refresh token, every token issued since the same login, and the access token sent in Authorization',
        body: RefreshBody,
        response: { 200: Type.Object({}), 401: ErrorDetail },
      },
    },
    async (request) => {
      // Outside the bearer-token scope: the access token is read here, and an invalid or
      // expired one does not stop the sign-out.
      const access = bearerRe.exec(request.headers.authorization ?? '')?.[1];
      if (!(await app.tokens.revoke(app.db, request.body.refresh, access))) {
        throw unauthorized('tokenInvalid');
      }
      return {};
    },
  );
};

export default routes;
