/**
 * Accounts and tokens: register, obtain, refresh, revoke. Public: registered outside the
 * bearer-token scope, so a stale token a client still sends never blocks signing in.
 */
import {
  API_MSG,
  ErrorDetail,
  LIMITS,
  MSG,
  PublicUser,
  RefreshBody,
  RegisterBody,
  TokenBody,
  TokenPair,
  USERNAME_PATTERN,
} from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { type FieldErrors, fieldErrors, unauthorized } from '../../lib/http-errors.ts';
import { findUserForLogin, insertUser, loginNameTaken } from '../../repositories/users.ts';

const usernameRe = new RegExp(USERNAME_PATTERN, 'u');
// Deliberately simple: one @, something on each side, a dot in the domain, no spaces.
const emailRe = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function registrationProblems(body: RegisterBody): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const username = body.username.trim();
  const length = [...username].length;
  if (username === '') add('username', API_MSG.required);
  else if (length < LIMITS.usernameMin || length > LIMITS.usernameMax) {
    add('username', `Username must be ${LIMITS.usernameMin} to ${LIMITS.usernameMax} characters.`);
  } else if (!usernameRe.test(username)) {
    add('username', 'Username may contain only letters, digits and @ . + - _ characters.');
  }
  if (body.password === '') add('password', API_MSG.required);
  else {
    if (body.password.length < LIMITS.passwordMin) {
      add(
        'password',
        `This password is too short. It must contain at least ${LIMITS.passwordMin} characters.`,
      );
    }
    if (body.password.length > LIMITS.passwordMax) {
      add('password', `Ensure this field has no more than ${LIMITS.passwordMax} characters.`);
    }
    if (/^\d+$/.test(body.password)) add('password', 'This password is entirely numeric.');
    if (body.password.toLowerCase() === username.toLowerCase()) {
      add('password', 'The password is too similar to the username.');
    }
  }
  if (body.password2 === '') add('password2', API_MSG.required);
  else if (body.password !== body.password2) add('password', MSG.passwordsMismatch);
  const email = body.email?.trim();
  if (email && (email.length > LIMITS.emailMax || !emailRe.test(email))) {
    add('email', 'Enter a valid email address.');
  }
  return errors;
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/register/',
    {
      config: { rateLimitPolicy: 'register' },
      schema: {
        tags: ['auth'],
        summary: 'Create an account',
        body: RegisterBody,
        response: { 201: PublicUser },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const problems = registrationProblems(body);
      if (Object.keys(problems).length > 0) throw fieldErrors(problems);
      const username = body.username.trim();
      const email = body.email?.trim() || null;
      if (await loginNameTaken(app.db, username)) {
        throw fieldErrors({ username: [API_MSG.usernameTaken] });
      }
      if (email !== null && (await loginNameTaken(app.db, email))) {
        throw fieldErrors({ email: [API_MSG.emailTaken] });
      }
      const passwordHash = await hashPassword(body.password);
      try {
        const user = await insertUser(app.db, { username, email, passwordHash });
        return reply.code(201).send(user);
      } catch (error) {
        // Two registrations raced for the same name or email: a unique index decided.
        const { code, constraint } = error as { code?: string; constraint?: string };
        if (code === '23505') {
          throw fieldErrors(
            constraint === 'users_email_key'
              ? { email: [API_MSG.emailTaken] }
              : { username: [API_MSG.usernameTaken] },
          );
        }
        throw error;
      }
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
    async (request) => {
      const { username, email, password } = request.body;
      const login = (email ?? username ?? '').trim();
      if (login === '' || password === '') {
        const errors: FieldErrors = {};
        if (login === '') errors.username = [API_MSG.required];
        if (password === '') errors.password = [API_MSG.required];
        throw fieldErrors(errors);
      }
      const asEmail = email !== undefined || login.includes('@');
      const user = await findUserForLogin(app.db, login, asEmail);
      const ok = await verifyPassword(user?.password_hash ?? null, password);
      if (!user || !ok) throw unauthorized(API_MSG.badCredentials);
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
      if (!pair) throw unauthorized(API_MSG.tokenInvalid);
      return pair;
    },
  );

  app.post(
    '/token/blacklist/',
    {
      config: { rateLimitPolicy: 'refresh' },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: revoke a refresh token and every token rotated from the same login',
        body: RefreshBody,
        response: { 200: Type.Object({}), 401: ErrorDetail },
      },
    },
    async (request) => {
      if (!(await app.tokens.revoke(app.db, request.body.refresh))) {
        throw unauthorized(API_MSG.tokenInvalid);
      }
      return {};
    },
  );
};

export default routes;
