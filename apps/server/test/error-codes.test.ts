/**
 * Errors carry codes and speak the request's language: a detail body gains `code` (an
 * `ERROR_MSG` key) and every error its `Error-Code` header; field errors keep their exact
 * `{"field": ["message"]}` shape; `Accept-Language` picks English, Spanish or Arabic
 * (English when absent or unknown) with `Content-Language` and `Vary`.
 */
import { API_MSG, ERROR_CODES, type ErrorCode } from '@dating/contract';
import { expect, it } from 'vitest';
import type { MessageLanguage } from '../src/lib/accept-language.ts';
import { AR } from '../src/lib/error-messages/ar.ts';
import { render } from '../src/lib/error-messages/catalogue.ts';
import { ES } from '../src/lib/error-messages/es.ts';
import { createQuestion, createUser } from './factories.ts';
import { describeEachEngine, newSession } from './harness.ts';

/** A code's message in `language` with its values (the catalogue the server renders). */
const said = (language: MessageLanguage, code: ErrorCode, params: Record<string, string> = {}) =>
  render(code, params, language);

const vary = (value: unknown) =>
  String(value)
    .split(',')
    .map((name) => name.trim().toLowerCase());

describeEachEngine('error codes and languages', (ctx) => {
  const reportTwice = async (headers: Record<string, string> = {}) => {
    const question = await createQuestion(ctx);
    const session = newSession();
    const body = { question: question.id, reason: 'spam', session_id: session };
    const first = await ctx.request({ method: 'POST', url: '/api/reports/', session, body });
    expect(first.statusCode, first.body).toBe(201);
    return ctx.request({ method: 'POST', url: '/api/reports/', session, body, headers });
  };

  it('a refusal keeps its English detail and adds its API_MSG key as code', async () => {
    const again = await reportTwice();
    expect(again.statusCode).toBe(400);
    expect(again.body).toBe(`{"detail":"${API_MSG.alreadyReported}","code":"alreadyReported"}`);
    expect(again.headers['error-code']).toBe('alreadyReported');
    expect(again.headers['content-language']).toBeUndefined();
    expect(vary(again.headers.vary)).toContain('accept-language');
  });

  it('Spanish and Arabic details, by primary language and q-value', async () => {
    const spanish = await reportTwice({ 'accept-language': 'es-MX,es;q=0.9,en;q=0.8' });
    expect(spanish.json()).toEqual({ detail: ES.alreadyReported, code: 'alreadyReported' });
    expect(spanish.headers['content-language']).toBe('es');
    expect(vary(spanish.headers.vary)).toContain('accept-language');

    const arabic = await reportTwice({ 'accept-language': 'fr;q=1, ar-EG;q=0.7, en;q=0.5' });
    expect(arabic.json()).toEqual({ detail: AR.alreadyReported, code: 'alreadyReported' });
    expect(arabic.headers['content-language']).toBe('ar');
  });

  it('an unknown or refused language answers in English', async () => {
    for (const header of ['de-DE', 'es;q=0, ar;q=0', 'xx, *;q=0.1', 'q=not-a-header;;']) {
      const res = await reportTwice({ 'accept-language': header });
      expect(res.json(), header).toEqual({
        detail: API_MSG.alreadyReported,
        code: 'alreadyReported',
      });
      expect(res.headers['content-language'], header).toBeUndefined();
    }
  });

  it('a 404 of a missing post and of an unknown route carry notFound', async () => {
    for (const url of ['/api/questions/999999999/', '/api/no-such-route/']) {
      const res = await ctx.request({
        method: 'GET',
        url,
        headers: { 'accept-language': 'ar' },
      });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ detail: AR.notFound, code: 'notFound' });
      expect(res.headers['error-code'], url).toBe('notFound');
    }
  });

  it("the router's own refusals (they skip the hooks) carry codes and languages too", async () => {
    const tooLong = await ctx.request({
      method: 'GET',
      url: `/api/questions/${'9'.repeat(500)}/`,
      headers: { 'accept-language': 'es' },
    });
    expect(tooLong.statusCode).toBe(404);
    expect(tooLong.json()).toEqual({ detail: ES.notFound, code: 'notFound' });
    expect(tooLong.headers['content-language']).toBe('es');
    const malformed = await ctx.request({ method: 'GET', url: '/api/questions/%/' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.body).toBe('{"detail":"Malformed URL.","code":"urlMalformed"}');
    expect(malformed.headers['error-code']).toBe('urlMalformed');
  });

  it('a 401 keeps WWW-Authenticate and gains notAuthenticated', async () => {
    const res = await ctx.request({
      method: 'GET',
      url: '/api/my/answers/',
      headers: { 'accept-language': 'es' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBeDefined();
    expect(res.json()).toEqual({ detail: ES.notAuthenticated, code: 'notAuthenticated' });
  });

  it('field errors keep their exact shape; their codes go in Error-Code', async () => {
    const user = await createUser(ctx);
    const body = { username: user.username, password: '12', password2: '12' };
    const english = await ctx.request({ method: 'POST', url: '/api/register/', body });
    expect(english.statusCode).toBe(400);
    const fields = english.json<Record<string, string[]>>();
    expect(Object.keys(fields)).not.toContain('code');
    for (const messages of Object.values(fields)) {
      for (const message of messages) expect(typeof message).toBe('string');
    }
    expect(fields.password).toContain(API_MSG.passwordTooShort);
    const codes = String(english.headers['error-code']).split(', ');
    expect(codes).toContain('passwordTooShort');
    for (const code of codes) expect(ERROR_CODES).toContain(code);

    const spanish = await ctx.request({
      method: 'POST',
      url: '/api/register/',
      body,
      headers: { 'accept-language': 'es' },
    });
    const translated = spanish.json<Record<string, string[]>>();
    expect(Object.keys(translated)).toEqual(Object.keys(fields));
    expect(translated.password).toContain(ES.passwordTooShort);
    expect(spanish.headers['error-code']).toBe(english.headers['error-code']);
    expect(spanish.headers['content-language']).toBe('es');
  });

  it('a request check (Ajv) names its code and fills in its values', async () => {
    const res = await ctx.request({
      method: 'GET',
      url: '/api/questions/?gender=X',
      headers: { 'accept-language': 'es' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['error-code']).toBe('notAChoice');
    const gender = res.json<{ gender: string[] }>().gender[0] ?? '';
    expect(gender.startsWith('No es una opción válida. Elige una de estas: ')).toBe(true);
    expect(gender).toContain('NB');
  });

  it('a failure with no catalogued text keeps its English and takes its status code', async () => {
    const english = await ctx.request({
      method: 'POST',
      url: '/api/questions/',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(english.statusCode).toBe(400);
    const detail = english.json<{ detail: string; code: string }>();
    expect(detail.code).toBe('badRequest');
    expect(detail.detail).not.toBe(ES.badRequest);

    const arabic = await ctx.request({
      method: 'POST',
      url: '/api/questions/',
      headers: { 'content-type': 'application/json', 'accept-language': 'ar' },
      body: '{not json',
    });
    expect(arabic.json()).toEqual({ detail: AR.badRequest, code: 'badRequest' });
  });

  it("a validator's own reasons follow Accept-Language; their English is as it was", async () => {
    const body = { username: 'ab', password: 'a long passphrase', password2: 'another one' };
    const register = (language?: string) =>
      ctx.request({
        method: 'POST',
        url: '/api/register/',
        body,
        headers: language ? { 'accept-language': language } : {},
      });
    const english = await register();
    expect(english.statusCode).toBe(400);
    expect(english.body).toBe(
      '{"username":["Username must be 3 to 150 characters."],"password":["Passwords do not match."]}',
    );
    expect(english.headers['error-code']).toBe('usernameLength, passwordsMismatch');
    for (const language of ['es', 'ar'] as const) {
      const res = await register(language);
      expect(res.json(), language).toEqual({
        username: [said(language, 'usernameLength')],
        password: [said(language, 'passwordsMismatch')],
      });
      expect(res.headers['error-code'], language).toBe(english.headers['error-code']);
      expect(res.headers['content-language'], language).toBe(language);
    }
    expect(said('es', 'passwordsMismatch')).toBe('Las contraseñas no coinciden.');
    expect(said('ar', 'passwordsMismatch')).toBe('كلمتا المرور غير متطابقتين.');

    // A reason with a value in it: the countries the server has lines for.
    const country = (language: string) =>
      ctx.request({
        method: 'GET',
        url: '/api/safety/resources/?country=FR',
        headers: { 'accept-language': language },
      });
    const countries = 'ES, MX, AR, CO, US, EG, SA, AE, MA, JO';
    expect((await country('en')).body).toBe(`{"country":["Country must be one of ${countries}."]}`);
    expect((await country('es')).json()).toEqual({
      country: [`El país debe ser uno de estos: ${countries}.`],
    });
    const arabic = await country('ar');
    expect(arabic.json()).toEqual({ country: [`يجب أن يكون البلد واحدًا من: ${countries}.`] });
    expect(arabic.headers['error-code']).toBe('countryUnknown');

    // The session id's and the tags' rules, which the web app shares.
    const weak = await ctx.request({
      method: 'POST',
      url: '/api/questions/',
      body: { text: 'A question?', session_id: 'a'.repeat(30) },
      headers: { 'accept-language': 'ar' },
    });
    expect(weak.json()).toEqual({ session_id: [AR.sessionIdWeak] });
    const tags = await ctx.request({
      method: 'POST',
      url: '/api/questions/',
      session: newSession(),
      body: { text: 'A question?', tag_names: ['x'.repeat(33)] },
      headers: { 'accept-language': 'es' },
    });
    expect(tags.json()).toEqual({ tag_names: [ES.tagTooLong] });
  });

  it("a request check's (Ajv) field messages follow Accept-Language; English is as it was", async () => {
    const question = await createQuestion(ctx);
    const session = newSession();
    // A missing field, a string too long, a wrong type.
    const report = (language: string) =>
      ctx.request({
        method: 'POST',
        url: '/api/reports/',
        session,
        body: { question: question.id, details: 'x'.repeat(2001), session_id: session },
        headers: { 'accept-language': language },
      });
    const english = await report('en');
    expect(english.statusCode).toBe(400);
    expect(english.body).toBe(
      '{"reason":["This field is required."],"details":["Ensure this field has no more than 2000 characters."]}',
    );
    for (const language of ['es', 'ar'] as const) {
      const res = await report(language);
      expect(res.statusCode, language).toBe(400);
      expect(res.json(), language).toEqual({
        reason: [said(language, 'required')],
        details: [said(language, 'tooLong', { limit: '2000' })],
      });
      expect(Object.keys(res.json<object>()), language).toEqual(
        Object.keys(english.json<object>()),
      );
    }
    expect(said('es', 'tooLong', { limit: '2000' })).toBe(
      'Asegúrate de que este campo no tenga más de 2000 caracteres.',
    );

    const ask = (language: string) =>
      ctx.request({
        method: 'POST',
        url: '/api/questions/',
        session,
        body: { text: 12345, tag_names: 'x', session_id: session },
        headers: { 'accept-language': language },
      });
    expect((await ask('en')).body).toBe(
      '{"text":["Must be a string."],"tag_names":["Must be a list."]}',
    );
    expect((await ask('es')).json()).toEqual({
      text: ['Debe ser de tipo texto.'],
      tag_names: [ES.mustBeList],
    });
    expect((await ask('ar')).json()).toEqual({
      text: ['يجب أن يكون من النوع نص.'],
      tag_names: [AR.mustBeList],
    });

    // A list too short, whose reason used to be Ajv's own English words.
    const markRead = (language: string) =>
      ctx.request({
        method: 'POST',
        url: '/api/notifications/read/',
        session,
        body: { ids: [] },
        headers: { 'accept-language': language },
      });
    expect((await markRead('en')).json()).toEqual({
      ids: ['Ensure this list has at least 1 items.'],
    });
    expect((await markRead('es')).json()).toEqual({
      ids: [said('es', 'tooFewItems', { limit: '1' })],
    });
    const arabic = await markRead('ar');
    expect(arabic.json()).toEqual({ ids: [said('ar', 'tooFewItems', { limit: '1' })] });
    expect(arabic.headers['error-code']).toBe('tooFewItems');
  });
});
