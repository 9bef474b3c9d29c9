import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES } from '@dating/contract';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Every call of the specification (section 7), and the token calls, by method. */
const CALLS: [string, string][] = [
  ['get', '/api/user/status/'],
  ['post', '/api/token/'],
  ['post', '/api/token/refresh/'],
  ['post', '/api/token/blacklist/'],
  ['post', '/api/register/'],
  ['get', '/api/questions/'],
  ['post', '/api/questions/'],
  ['get', '/api/tags/'],
  ['get', '/api/questions/{id}/'],
  ['patch', '/api/questions/{id}/'],
  ['delete', '/api/questions/{id}/'],
  ['post', '/api/questions/{id}/like/'],
  ['post', '/api/questions/{id}/answers/'],
  ['post', '/api/answers/{id}/like/'],
  ['delete', '/api/answers/{id}/like/'],
  ['delete', '/api/questions/{id}/like/'],
  ['get', '/api/answers/{id}/'],
  ['patch', '/api/answers/{id}/'],
  ['delete', '/api/answers/{id}/'],
  ['get', '/api/my/answers/'],
  ['get', '/api/my/anonymous/'],
  ['post', '/api/my/claim/'],
  ['get', '/api/my/export/'],
  ['delete', '/api/my/account/'],
  ['delete', '/api/my/anonymous/'],
  ['post', '/api/reports/'],
  ['get', '/api/reports/'],
  ['patch', '/api/reports/{id}/'],
];

/**
 * A client's calls through openapi-fetch, typed by what openapi-typescript generates from
 * the document (./api.d.ts). Each misuse must be refused by the compiler.
 */
const CLIENT_CALLS = `
import createClient from 'openapi-fetch';
import type { components, paths } from './api';

type ErrorShape = components['schemas']['FieldErrors'] | components['schemas']['ErrorDetail'];

const client = createClient<paths>({ baseUrl: 'https://example.test' });

export async function calls(): Promise<string[]> {
  const feed = await client.GET('/api/questions/', {
    params: { query: { sort: 'top', limit: 10, gender: 'NB' } },
  });
  const texts = (feed.data ?? []).map((question) => question.text);

  const asked = await client.POST('/api/questions/', {
    body: { text: '<p>How do I say no kindly?</p>', tag_names: ['boundaries'], age_range: '26-35' },
    params: { header: { 'Idempotency-Key': 'ask-0123456789' } },
  });
  if (asked.error) {
    const refused: ErrorShape = asked.error;
    return Object.keys(refused);
  }
  const id: number = asked.data.id;

  const thread = await client.GET('/api/questions/{id}/', { params: { path: { id } } });
  const deep: string | undefined = thread.data?.answers[0]?.replies[0]?.replies[0]?.text;

  const claimed = await client.POST('/api/my/claim/', { body: { session_id: 'a-private-key' } });
  const moved: number[] = claimed.data?.questions ?? [];

  // @ts-expect-error a question's id is a number
  await client.GET('/api/questions/{id}/', { params: { path: { id: 'one' } } });
  // @ts-expect-error a question needs its text
  await client.POST('/api/questions/', { body: { tag_names: ['boundaries'] } });
  // @ts-expect-error there is no such call
  await client.GET('/api/question/');
  // @ts-expect-error gender is one of W, M, NB, U
  await client.GET('/api/questions/', { params: { query: { gender: 'X' } } });

  return [...texts, deep ?? '', String(moved.length)];
}
`;

/**
 * The compiler's complaints about the given files of a program, one line each. Only those
 * files are checked: the standard library and the client library are taken as they are.
 */
function diagnosticsOf(program: ts.Program, fileNames: string[]): string[] {
  const files = fileNames.map((name) => program.getSourceFile(name));
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...files.flatMap((file) => [
      ...program.getSyntacticDiagnostics(file),
      ...program.getSemanticDiagnostics(file),
    ]),
  ];
  return diagnostics.map((diagnostic) => {
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (!diagnostic.file || diagnostic.start === undefined) return text;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${diagnostic.file.fileName}:${line + 1}: ${text}`;
  });
}

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
}

interface OpenApiDocument {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, Operation>>;
}

// The document does not depend on the database engine: one context is enough.
describe('OpenAPI document', () => {
  let ctx: TestContext & { close(): Promise<void> };
  beforeAll(async () => {
    ctx = await createTestContext('pglite');
  });
  afterAll(() => ctx.close());

  it('is an OpenAPI 3 document listing every call of the specification', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
    const doc = res.json<OpenApiDocument>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBeTruthy();
    for (const [method, path] of CALLS) {
      expect(doc.paths[path], path).toBeDefined();
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method.toUpperCase()} ${path}`).toBeDefined();
      expect(Object.keys(operation?.responses ?? {}).length, `${method} ${path}`).toBeGreaterThan(
        0,
      );
    }
  });

  it('describes the thread to every depth, with the same fields at each level', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json<OpenApiDocument & { components: { schemas: Record<string, unknown> } }>();
    const detail = JSON.stringify(doc.paths['/api/questions/{id}/']?.get?.responses?.['200']);
    expect(detail).toContain(
      '"answers":{"type":"array","items":{"$ref":"#/components/schemas/AnswerNode"}}',
    );
    const node = JSON.stringify(doc.components.schemas.AnswerNode);
    expect(node).toContain('"author_label"');
    expect(node).toContain(
      '"replies":{"type":"array","items":{"$ref":"#/components/schemas/AnswerNode"}}',
    );
  });

  it('lists every error code as the ErrorCode enum, the code of ErrorDetail', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json<OpenApiDocument & { components: { schemas: Record<string, unknown> } }>();
    const schemas = doc.components.schemas as Record<
      string,
      { enum?: string[]; properties?: Record<string, unknown>; required?: string[] }
    >;
    expect(schemas.ErrorCode?.enum).toEqual(ERROR_CODES);
    expect(schemas.ErrorDetail?.properties?.code).toEqual({
      $ref: '#/components/schemas/ErrorCode',
    });
    expect(schemas.ErrorDetail?.required).toEqual(['detail', 'code']);
    expect(schemas.FieldErrors?.properties ?? {}).not.toHaveProperty('code');
    const refused = JSON.stringify(doc.paths['/api/reports/']?.post?.responses?.['400']);
    expect(refused).toContain('"Error-Code"');
  });

  it("lints clean under redocly.yaml: Redocly's recommended rules", async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/docs/json' });
    const config = await loadConfig({ configPath: join(REPO_ROOT, 'redocly.yaml') });
    // Named as redocly.yaml's comment says, so .redocly.lint-ignore.yaml applies to it.
    const problems = await lintFromString({
      source: res.body,
      absoluteRef: join(REPO_ROOT, 'openapi.json'),
      config,
    });
    const reported = problems
      .filter((problem) => !problem.ignored)
      .map(
        (problem) =>
          `${problem.severity} ${problem.ruleId}: ${problem.message} (${problem.location[0]?.pointer})`,
      );
    expect(reported).toEqual([]);
  });

  it('says how each operation authenticates, from where its route is registered', async () => {
    const doc = (
      await ctx.request({ method: 'GET', url: '/api/docs/json' })
    ).json<OpenApiDocument>();
    const operation = (method: string, path: string) => doc.paths[path]?.[method];
    const anyone = [{ bearer: [] }, { sessionId: [] }, {}];
    // Outside the bearer-token scope: no credentials are read.
    expect(operation('post', '/api/token/')?.security).toEqual([]);
    expect(operation('get', '/api/health/')?.security).toEqual([]);
    // Inside it: a bearer token or an anonymous key, both optional.
    expect(operation('get', '/api/questions/')?.security).toEqual(anyone);
    expect(operation('post', '/api/questions/{id}/answers/')?.security).toEqual(anyone);
    // Behind signedIn and staffOnly: the bearer token is required; staff calls may be refused.
    expect(operation('post', '/api/my/claim/')?.security).toEqual([{ bearer: [] }]);
    expect(operation('patch', '/api/reports/{id}/')?.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(operation('patch', '/api/reports/{id}/')?.responses ?? {})).toContain('403');
    expect(operation('get', '/api/questions/{id}/')?.operationId).toBe('getQuestionsById');
  });

  describe('a typed client generated from it', () => {
    let dir: string;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'openapi-client-'));
    });
    afterAll(() => rm(dir, { recursive: true, force: true }));

    // Generating the types and compiling are seconds of CPU work: more on a busy machine.
    it('type-checks correct calls and refuses misuses', { timeout: 120_000 }, async () => {
      const res = await ctx.request({ method: 'GET', url: '/api/docs/json' });
      const types = astToString(await openapiTS(res.json()));
      const [api, calls] = [join(dir, 'api.d.ts'), join(dir, 'calls.ts')];
      await writeFile(api, types);
      await writeFile(calls, CLIENT_CALLS);
      const openapiFetch = dirname(createRequire(import.meta.url).resolve('openapi-fetch'));
      const program = ts.createProgram([calls], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
        types: [],
        // The client library from this repository, though the program lives elsewhere.
        paths: { 'openapi-fetch': [join(openapiFetch, 'index.d.mts')] },
      });
      expect(diagnosticsOf(program, [api, calls])).toEqual([]);
      // Each misuse above is refused: an unused @ts-expect-error would be a diagnostic.
      expect(CLIENT_CALLS.match(/@ts-expect-error/g)).toHaveLength(4);
    });
  });

  describe('the documentation page', () => {
    it('answers 200 with HTML', async () => {
      const res = await ctx.request({ method: 'GET', url: '/api/docs/' });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
      const bare = await ctx.request({ method: 'GET', url: '/api/docs' });
      expect([200, 301, 302]).toContain(bare.statusCode);
    });
  });
});
