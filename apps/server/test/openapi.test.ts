import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';

/** Every call of the specification (section 7), and the token calls of DESIGN.md, by method. */
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
  ['post', '/api/reports/'],
  ['get', '/api/reports/'],
  ['patch', '/api/reports/{id}/'],
];

interface OpenApiDocument {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
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
