/**
 * Safety while writing, through HTTP: `pii_warnings` on posts and
 * edits (kinds only), PII_GUARD=block and off, the crisis support panel, the automatic
 * flag in the admin queue (first, with its categories, reviewed like any report), the
 * public resources call, and SAFETY_RESOURCES_FILE.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  API_MSG,
  CRISIS_CATEGORIES,
  HELPLINE_COUNTRIES,
  HELPLINE_LANGUAGE,
} from '@dating/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config.ts';
import countryLines from '../src/safety/country-helplines.json' with { type: 'json' };
import { loadCountryHelplines, loadSafetyResources } from '../src/services/safety.ts';
import { createAdmin, createQuestion, createUser, type TestUser } from './factories.ts';
import {
  createTestContext,
  describeEachEngine,
  ENGINES,
  newSession,
  type TestContext,
} from './harness.ts';

const PERSONAL = 'Text Jessica Thompson on 07911 123456 or jess@example.com';

function ask(ctx: TestContext, text: string, session = newSession()) {
  return ctx.request({
    method: 'POST',
    url: '/api/questions/',
    body: { text: `<p>${text}</p>`, session_id: session },
  });
}

function reply(ctx: TestContext, questionId: number, text: string, session = newSession()) {
  return ctx.request({
    method: 'POST',
    url: `/api/questions/${questionId}/answers/`,
    body: { text, session_id: session },
  });
}

describeEachEngine('safety while writing', (ctx) => {
  let adminUser: TestUser | undefined;
  const admin = async () => {
    adminUser ??= await createAdmin(ctx);
    return adminUser;
  };
  const queue = async () => {
    const res = await ctx.request({
      method: 'GET',
      url: '/api/reports/?limit=100',
      token: (await admin()).access,
    });
    expect(res.statusCode).toBe(200);
    return res.json<
      {
        id: number;
        question: number | null;
        answer: number | null;
        source: string;
        categories: string[];
        session_id: string | null;
        reason: string;
      }[]
    >();
  };

  describe('pii_warnings (PII_GUARD=warn, the default)', () => {
    it('names the kinds found in a question, a reply and their edits, never the text', async () => {
      const asked = await ask(ctx, PERSONAL);
      expect(asked.statusCode, asked.body).toBe(201);
      expect(asked.json().pii_warnings).toEqual(['phone', 'email', 'name']);
      // Published as written: the guard warns, it never changes or blocks a post.
      expect(asked.json().text).toBe(`<p>${PERSONAL}</p>`);
      const raw = JSON.stringify({ ...asked.json(), text: '' });
      for (const secret of ['07911', 'jess@', 'Thompson']) expect(raw).not.toContain(secret);

      const q = asked.json<{ id: number }>();
      const answered = await reply(ctx, q.id, 'follow her @jess_t or 12 Elm Street');
      expect(answered.statusCode).toBe(201);
      expect(answered.json().pii_warnings).toEqual(['social', 'address']);
      const clean = await reply(ctx, q.id, 'Be kind to yourself.');
      expect(clean.json()).toMatchObject({ pii_warnings: [], support: null });

      const a = answered.json<{ id: number; session_id: string }>();
      const editedAnswer = await ctx.request({
        method: 'PATCH',
        url: `/api/answers/${a.id}/`,
        session: a.session_id,
        body: { text: 'mail me: me@example.org' },
      });
      expect(editedAnswer.statusCode).toBe(200);
      expect(editedAnswer.json().pii_warnings).toEqual(['email']);

      const user = await createUser(ctx);
      const own = await createQuestion(ctx, { token: user.access });
      const editedQuestion = await ctx.request({
        method: 'PATCH',
        url: `/api/questions/${own.id}/`,
        token: user.access,
        body: { text: '<p>call (415) 555-2671</p>' },
      });
      expect(editedQuestion.statusCode).toBe(200);
      expect(editedQuestion.json()).toMatchObject({ pii_warnings: ['phone'], support: null });
    });

    it('reads the plain text of a question: markup is not personal information', async () => {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/questions/',
        body: {
          text: '<p><a href="https://example.com/1600">a link</a> <strong>Grace</strong> Street</p>',
          session_id: newSession(),
        },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().pii_warnings).toEqual([]);
    });
  });

  describe('crisis support', () => {
    it('publishes the post, shows the support panel and flags it for moderators', async () => {
      const res = await ask(ctx, 'My boyfriend hit me and I want to die.');
      expect(res.statusCode).toBe(201);
      const q = res.json();
      expect(q.support.categories).toEqual(['self_harm', 'partner_abuse']);
      expect(q.support.message).toMatch(/not have to face this alone/);
      expect(q.support.sections.map((s: { category: string }) => s.category)).toEqual([
        'self_harm',
        'partner_abuse',
      ]);
      for (const section of q.support.sections) {
        expect(section.title.length).toBeGreaterThan(0);
        expect(section.resources.length).toBeGreaterThan(0);
        for (const resource of section.resources) {
          expect(resource).toEqual({
            name: expect.any(String),
            description: expect.any(String),
            region: expect.any(String),
            url: expect.stringMatching(/^https:\/\//),
            phone: resource.phone === null ? null : expect.any(String),
          });
        }
      }
      // Published as usual, and visible to everyone.
      const shown = await ctx.request({ method: 'GET', url: `/api/questions/${q.id}/` });
      expect(shown.json()).toMatchObject({ id: q.id, hidden: false });

      const flags = (await queue()).filter((r) => r.question === q.id);
      expect(flags).toEqual([
        expect.objectContaining({
          source: 'automatic',
          categories: ['self_harm', 'partner_abuse'],
          session_id: null,
          reason: 'other',
        }),
      ]);
    });

    it('stores and lists the newer categories: coercive control, a minor with an adult', async () => {
      const res = await ask(
        ctx,
        'I am 15 and he is 24. My partner controls all my money and my phone.',
      );
      expect(res.statusCode).toBe(201);
      const q = res.json();
      expect(q.support.categories).toEqual(['coercive_control', 'minor_with_adult']);
      expect(q.support.sections.map((s: { title: string }) => s.title)).toEqual([
        'If a partner controls your money, phone or who you see',
        'If you are under 18 and someone much older is involved with you',
      ]);
      const flags = (await queue()).filter((r) => r.question === q.id);
      expect(flags.map((r) => [r.source, r.categories])).toEqual([
        ['automatic', ['coercive_control', 'minor_with_adult']],
      ]);
    });

    it('flags replies and edits too, once while a flag is pending', async () => {
      const q = await createQuestion(ctx);
      const session = newSession();
      const res = await reply(ctx, q.id, 'He keeps stalking me after work', session);
      expect(res.statusCode).toBe(201);
      expect(res.json().support.categories).toEqual(['stalking']);
      const a = res.json<{ id: number }>();
      const edited = await ctx.request({
        method: 'PATCH',
        url: `/api/answers/${a.id}/`,
        session,
        body: { text: 'He keeps stalking me, and he raped me.' },
      });
      expect(edited.json().support.categories).toEqual(['sexual_coercion', 'stalking']);
      const flags = (await queue()).filter((r) => r.answer === a.id);
      expect(flags.map((r) => [r.source, r.categories])).toEqual([['automatic', ['stalking']]]);
    });

    it('lists flags first in the queue, and approve and reject work on them', async () => {
      const plain = await createQuestion(ctx);
      const reported = await ctx.request({
        method: 'POST',
        url: '/api/reports/',
        body: { question: plain.id, reason: 'spam', session_id: newSession() },
      });
      expect(reported.statusCode).toBe(201);
      const first = (await ask(ctx, 'I keep cutting myself')).json<{ id: number }>();
      const second = (await ask(ctx, 'My husband choked me')).json<{ id: number }>();
      const listed = await queue();
      const flagged = listed.filter((r) => r.source === 'automatic');
      const people = listed.filter((r) => r.source === 'reporter');
      // Every flag before every person's report, each part oldest first.
      expect(listed.slice(0, flagged.length)).toEqual(flagged);
      expect(flagged.map((r) => r.id)).toEqual([...flagged.map((r) => r.id)].sort((x, y) => x - y));
      expect(people.map((r) => r.id)).toEqual([...people.map((r) => r.id)].sort((x, y) => x - y));

      // Paging keeps that order across the two parts.
      const paged: number[] = [];
      let url: string | null = '/api/reports/?limit=1';
      while (url !== null) {
        const res = await ctx.request({ method: 'GET', url, token: (await admin()).access });
        paged.push(...res.json<{ id: number }[]>().map((r) => r.id));
        url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1] ?? null;
      }
      expect(paged).toEqual(listed.map((r) => r.id));

      const flagOf = (id: number) => flagged.find((r) => r.question === id);
      const reject = await ctx.request({
        method: 'PATCH',
        url: `/api/reports/${flagOf(first.id)?.id}/`,
        token: (await admin()).access,
        body: { status: 'rejected' },
      });
      expect(reject.statusCode).toBe(200);
      expect(reject.json()).toMatchObject({ status: 'rejected', source: 'automatic' });
      expect(
        (await ctx.request({ method: 'GET', url: `/api/questions/${first.id}/` })).statusCode,
      ).toBe(200);
      const approve = await ctx.request({
        method: 'PATCH',
        url: `/api/reports/${flagOf(second.id)?.id}/`,
        token: (await admin()).access,
        body: { status: 'approved' },
      });
      expect(approve.statusCode).toBe(200);
      expect(
        (await ctx.request({ method: 'GET', url: `/api/questions/${second.id}/` })).statusCode,
      ).toBe(404);
    });

    it('leaves ordinary posts alone', async () => {
      const res = await ask(ctx, "I'm dying to see him again, this date killed me");
      expect(res.json()).toMatchObject({ pii_warnings: [], support: null });
      expect((await queue()).filter((r) => r.question === res.json().id)).toEqual([]);
    });

    it('lists every resource in a public call', async () => {
      const res = await ctx.request({ method: 'GET', url: '/api/safety/resources/' });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ message: string; sections: { category: string }[] }>();
      expect(body.sections.map((s) => s.category)).toEqual([
        'self_harm',
        'partner_abuse',
        'sexual_coercion',
        'coercive_control',
        'stalking',
        'minor_with_adult',
      ]);
      expect(body).not.toHaveProperty('country');
    });

    it("adds a country's own lines with ?country=, the same whole list besides", async () => {
      const plain = (await ctx.request({ method: 'GET', url: '/api/safety/resources/' })).json<{
        message: string;
        sections: unknown[];
      }>();
      for (const code of HELPLINE_COUNTRIES) {
        const res = await ctx.request({
          method: 'GET',
          url: `/api/safety/resources/?country=${code}`,
        });
        expect(res.statusCode, code).toBe(200);
        const body = res.json<CountryBody>();
        expect(body.message).toBe(plain.message);
        expect(body.sections).toEqual(plain.sections);
        expect(body.country.code).toBe(code);
        expect(body.country.language).toBe(HELPLINE_LANGUAGE[code]);
        expect(body.country.emergency.phone, code).toMatch(/\d/);
        expect(body.country.sections.map((s) => s.category)).toEqual([...CRISIS_CATEGORIES]);
        for (const section of body.country.sections) {
          expect(section.resources.length, `${code} ${section.category}`).toBeGreaterThan(0);
          for (const line of [...section.resources, body.country.emergency]) {
            expect(line.source, `${code} ${line.name}`).toMatch(/^https:\/\/[a-z0-9.-]+\.[a-z]+/);
            expect(line).not.toHaveProperty('categories');
          }
        }
      }
      const spain = (
        await ctx.request({ method: 'GET', url: '/api/safety/resources/?country=es' })
      ).json<CountryBody>();
      expect(spain.country.code).toBe('ES');
      expect(spain.country.language).toBe('es');
      const selfHarm = spain.country.sections.find((s) => s.category === 'self_harm');
      expect(selfHarm?.resources.map((r) => r.phone)).toContain('024');
      const egypt = (
        await ctx.request({ method: 'GET', url: '/api/safety/resources/?country=EG' })
      ).json<CountryBody>();
      expect(egypt.country.language).toBe('ar');
    });

    it('refuses a country it has no lines for, naming the field', async () => {
      for (const country of ['FR', 'XX', 'ESP', '']) {
        const res = await ctx.request({
          method: 'GET',
          url: `/api/safety/resources/?country=${country}`,
        });
        expect(res.statusCode, country).toBe(400);
        expect(res.json(), country).toEqual({
          country: ['Country must be one of ES, MX, AR, CO, US, EG, SA, AE, MA, JO.'],
        });
      }
    });
  });
});

interface CountryBody {
  message: string;
  sections: unknown[];
  country: {
    code: string;
    language: string;
    emergency: { name: string; phone: string | null; source: string };
    sections: {
      category: string;
      resources: { name: string; phone: string | null; source: string }[];
    }[];
  };
}

describe('country helplines data', () => {
  it('refuses a country left without a line for a category', () => {
    const broken = structuredClone(countryLines) as Record<
      string,
      { lines: { categories: string[] }[] }
    >;
    const spain = broken.ES;
    if (!spain) throw new Error('no ES');
    for (const line of spain.lines) {
      line.categories = line.categories.filter((c) => c !== 'stalking');
      if (line.categories.length === 0) line.categories = ['self_harm'];
    }
    expect(() => loadCountryHelplines(broken)).toThrow(ConfigError);
    expect(() => loadCountryHelplines(broken)).toThrow(/ES has no line for "stalking"/);
  });

  it('refuses a line without its source', () => {
    const broken = structuredClone(countryLines) as Record<
      string,
      { lines: { source?: string }[] }
    >;
    delete broken.MX?.lines[0]?.source;
    expect(() => loadCountryHelplines(broken)).toThrow(/country-helplines\.json: \/MX\/lines\/0/);
  });
});

describe('PII_GUARD=block and off', () => {
  for (const engine of ENGINES) {
    describe(engine, () => {
      let blocking: TestContext & { close(): Promise<void> };
      let off: TestContext & { close(): Promise<void> };
      beforeAll(async () => {
        blocking = await createTestContext(engine, { env: { PII_GUARD: 'block' } });
        off = await createTestContext(engine, {
          env: { PII_GUARD: 'off' },
          database: blocking.database,
        });
      });
      afterAll(async () => {
        await off.close();
        await blocking.close();
      });

      it('block: refuses posts and edits with personal information, naming the kinds', async () => {
        const refused = await ask(blocking, PERSONAL);
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({
          text: [
            'This seems to contain a phone number, an e-mail address and a full name. Remove it (or replace it with [removed]) to post: personal details are not allowed here.',
          ],
        });
        const q = await createQuestion(blocking);
        const refusedReply = await reply(blocking, q.id, 'call 07911 123456');
        expect(refusedReply.statusCode).toBe(400);
        expect(Object.keys(refusedReply.json())).toEqual(['text']);
        const thread = await blocking.request({ method: 'GET', url: `/api/questions/${q.id}/` });
        expect(thread.json().answers).toEqual([]);
        const ok = await reply(blocking, q.id, 'Be kind to yourself.');
        expect(ok.statusCode).toBe(201);
        const a = ok.json<{ id: number; session_id: string }>();
        const edit = await blocking.request({
          method: 'PATCH',
          url: `/api/answers/${a.id}/`,
          session: a.session_id,
          body: { text: 'now with me@example.org' },
        });
        expect(edit.statusCode).toBe(400);
        expect(edit.json().text[0]).toContain('an e-mail address');
      });

      it('block: names the kinds in the language of the request, with the same code', async () => {
        const ask = (language: string) =>
          blocking.request({
            method: 'POST',
            url: '/api/questions/',
            body: { text: `<p>${PERSONAL}</p>`, session_id: newSession() },
            headers: { 'accept-language': language },
          });
        const spanish = await ask('es-ES');
        expect(spanish.statusCode).toBe(400);
        expect(spanish.headers['error-code']).toBe('personalInfoBlocked');
        expect(spanish.headers['content-language']).toBe('es');
        expect(spanish.json()).toEqual({
          text: [
            'Parece que esto contiene datos personales (un número de teléfono, un correo electrónico y un nombre completo). Quítalos (o cámbialos por [removed]) para publicar: aquí no se permiten datos personales.',
          ],
        });
        const arabic = await ask('ar');
        expect(arabic.headers['error-code']).toBe('personalInfoBlocked');
        expect(arabic.json()).toEqual({
          text: [
            'يبدو أن هذا يحتوي على بيانات شخصية (رقم هاتف وعنوان بريد إلكتروني واسم كامل). احذفها (أو استبدل بها [removed]) لتتمكن من النشر: البيانات الشخصية غير مسموح بها هنا.',
          ],
        });
        const english = await ask('en');
        expect(english.headers['error-code']).toBe('personalInfoBlocked');
        expect(english.body).toBe(
          '{"text":["This seems to contain a phone number, an e-mail address and a full name. Remove it (or replace it with [removed]) to post: personal details are not allowed here."]}',
        );
      });

      it('off: checks nothing, and says so with an empty list', async () => {
        const res = await ask(off, PERSONAL);
        expect(res.statusCode).toBe(201);
        expect(res.json().pii_warnings).toEqual([]);
      });
    });
  }
});

describe('SAFETY_RESOURCES_FILE', () => {
  let dir: string;
  let base: TestContext & { close(): Promise<void> };
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'resources-'));
    base = await createTestContext('pglite');
  });
  afterAll(() => base.close());

  const custom = {
    message: 'You are not alone.',
    categories: {
      stalking: {
        title: 'Local help',
        message: 'Call the local line.',
        resources: [
          {
            name: 'Local Line',
            description: 'Our town',
            region: 'Townsville',
            url: 'https://local.example',
            phone: '123',
          },
        ],
      },
    },
  };

  it('replaces the categories it names and keeps the defaults of the others', async () => {
    const file = path.join(dir, 'ok.json');
    await writeFile(file, JSON.stringify(custom));
    const loaded = loadSafetyResources(file);
    expect(loaded.message).toBe('You are not alone.');
    expect(loaded.sections.stalking.resources.map((r) => r.name)).toEqual(['Local Line']);
    expect(loaded.sections.self_harm.resources.length).toBeGreaterThan(1);
    const ctx = await createTestContext('pglite', {
      env: { SAFETY_RESOURCES_FILE: file },
      database: base.database,
    });
    try {
      const res = await ask(ctx, 'I think he is tracking my phone');
      expect(res.json().support).toEqual({
        categories: ['stalking'],
        message: 'You are not alone.',
        sections: [{ category: 'stalking', ...custom.categories.stalking }],
      });
    } finally {
      await ctx.close();
    }
  });

  it('stops the start-up with a clear message when the file is missing or wrong', async () => {
    const wrong = path.join(dir, 'wrong.json');
    await writeFile(
      wrong,
      JSON.stringify({ categories: { stalking: { title: 'x', message: 'y', resources: [] } } }),
    );
    const unknown = path.join(dir, 'unknown.json');
    await writeFile(
      unknown,
      JSON.stringify({ categories: { gambling: custom.categories.stalking } }),
    );
    const http = path.join(dir, 'http.json');
    await writeFile(
      http,
      JSON.stringify({
        categories: {
          stalking: {
            ...custom.categories.stalking,
            resources: [{ ...custom.categories.stalking.resources[0], url: 'http://x' }],
          },
        },
      }),
    );
    for (const file of [path.join(dir, 'absent.json'), wrong, unknown, http]) {
      const error = (() => {
        try {
          loadSafetyResources(file);
        } catch (e) {
          return e;
        }
        return null;
      })();
      expect(error, file).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems[0]).toMatch(/^SAFETY_RESOURCES_FILE ".+"/);
    }
    await expect(
      createTestContext('pglite', {
        env: { SAFETY_RESOURCES_FILE: wrong },
        database: base.database,
      }),
    ).rejects.toBeInstanceOf(ConfigError);
  });
});

describe('messages', () => {
  it('says a hidden post is under review, in the words of the issue', () => {
    expect(API_MSG.hiddenQuestion).toBe('This post is hidden while moderators review it.');
  });
});
