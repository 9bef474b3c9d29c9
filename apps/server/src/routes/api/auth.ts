/**
 * Accounts and tokens: register, obtain, refresh, revoke. Public: registered outside the
 * bearer-token scope, so a stale token a client still sends never blocks signing in.
 */
import { createHash } from 'node:crypto';
import {
  API_MSG,
  ErrorDetail,
  LIMITS,
  MSG,
  normalizeUsername,
  PublicUser,
  RefreshBody,
  RegisterBody,
  TokenBody,
  TokenPair,
  usernameProblem,
} from '@dating/contract';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { badRequest, type FieldErrors, fieldErrors, unauthorized } from '../../lib/http-errors.ts';
import { validationToFieldErrors } from '../../plugins/errors.ts';
import { findUserForLogin, insertUser, loginNameTaken } from '../../repositories/users.ts';

const bearerRe = /^Bearer ([A-Za-z0-9_.-]{1,4096})$/;
// Deliberately simple: one @, something on each side, a dot in the domain, no spaces.
const emailRe = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Every problem of a registration at once, one entry per field: those the schema found
 * (a missing field, a wrong type, malformed text) and the rules of the fields it passed.
 */
function registrationProblems(body: unknown, schemaProblems: FieldErrors): FieldErrors {
  const errors: FieldErrors = { ...schemaProblems };
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const fields = (body ?? {}) as Partial<Record<keyof RegisterBody, unknown>>;
  const text = (field: keyof RegisterBody) =>
    field in schemaProblems || typeof fields[field] !== 'string' ? null : (fields[field] as string);
  const username = text('username');
  const password = text('password');
  const password2 = text('password2');
  const email = text('email')?.trim();
  if (username !== null) {
    const name = normalizeUsername(username);
    const problem = name === '' ? API_MSG.required : usernameProblem(name);
    if (problem !== null) add('username', problem);
  }
  if (password === '') add('password', API_MSG.required);
  else if (password !== null) {
    if (password.length < LIMITS.passwordMin) {
      add(
        'password',
        `This password is too short. It must contain at least ${LIMITS.passwordMin} characters.`,
      );
    }
    if (password.length > LIMITS.passwordMax) {
      add('password', `Ensure this field has no more than ${LIMITS.passwordMax} characters.`);
    }
    if (/^\d+$/.test(password)) add('password', 'This password is entirely numeric.');
    if (username !== null && password.toLowerCase() === normalizeUsername(username).toLowerCase()) {
      add('password', 'The password is too similar to the username.');
    }
  }
  if (password2 === '') add('password2', API_MSG.required);
  else if (password !== null && password2 !== null && password !== password2) {
    add('password', MSG.passwordsMismatch);
  }
  if (email && (email.length > LIMITS.emailMax || !emailRe.test(email))) {
    add('email', 'Enter a valid email address.');
  }
  return errors;
}

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
      if (schemaProblems === null) throw badRequest('Invalid body.');
      const problems = registrationProblems(request.body, schemaProblems);
      if (Object.keys(problems).length > 0) throw fieldErrors(problems);
      const body = request.body;
      const username = normalizeUsername(body.username);
      const email = body.email?.trim() || null;
      if (await loginNameTaken(app.db, username)) {
        throw fieldErrors({ username: [API_MSG.usernameTaken] });
      }
      if (email !== null && (await loginNameTaken(app.db, email))) {
        throw fieldErrors({ email: [API_MSG.emailTaken] });
      }
      const passwordHash = await hashPassword(body.password);
      try {
        const user = await app.db.transaction().execute(async (tx) => {
          await request.idempotency?.claim(tx);
          return insertUser(tx, { username, email, passwordHash });
        });
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
    async (request, reply) => {
      const { username, email, password } = request.body;
      // Usernames are stored NFKC-normalized (contract: username.ts): a login name typed in
      // full-width or other compatibility forms names the same account.
      const login = (email ?? username ?? '').normalize('NFKC').trim();
      if (login === '' || password === '') {
        const errors: FieldErrors = {};
        if (login === '') errors.username = [API_MSG.required];
        if (password === '') errors.password = [API_MSG.required];
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
              account: user
                ? `u${user.id}`
                : `n${createHash('sha256').update(login.toLowerCase()).digest('hex').slice(0, 32)}`,
            },
      );
      const ok = await verifyPassword(user?.password_hash ?? null, password);
      if (!user || !ok) throw unauthorized(API_MSG.badCredentials);
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
        throw unauthorized(API_MSG.tokenInvalid);
      }
      return {};
    },
  );
};

export default routes;
