import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineStyleHashes } from '../src/plugins/security.ts';
import { createTestContext, type TestContext } from './harness.ts';

describe('security headers, CORS and content types', () => {
  let ctx: TestContext & { close(): Promise<void> };
  beforeAll(async () => {
    ctx = await createTestContext('pglite', {
      env: { CORS_ORIGINS: 'https://app.example.com', TRUST_PROXY: '1' },
    });
  });
  afterAll(() => ctx.close());

  it('sends a strict Content-Security-Policy with no inline script and no framing', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/user/status/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toMatch(/(^|;)style-src 'self'(;|$)/);
    expect(csp).not.toContain('unsafe');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the same protective headers on every kind of response', async () => {
    const expected = {
      'content-security-policy':
        "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:;font-src 'self';connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    const fresh = await ctx.request({ method: 'GET', url: '/api/questions/' });
    // The second read is the kept strangers' page, sent as stored bytes; then its 304.
    const kept = await ctx.request({ method: 'GET', url: '/api/questions/' });
    const notModified = await ctx.request({
      method: 'GET',
      url: '/api/questions/',
      headers: { 'if-none-match': String(kept.headers.etag) },
    });
    const notFound = await ctx.request({ method: 'GET', url: '/api/nothing-here/' });
    const invalid = await ctx.request({ method: 'GET', url: '/api/questions/?limit=-1' });
    const wrongType = await ctx.request({
      method: 'POST',
      url: '/api/questions/',
      body: 'plain text',
      headers: { 'content-type': 'text/plain' },
    });
    const responses = { fresh, kept, notModified, notFound, invalid, wrongType };
    expect(Object.values(responses).map((r) => r.statusCode)).toEqual([
      200, 200, 304, 404, 400, 415,
    ]);
    for (const [name, res] of Object.entries(responses)) {
      const sent = Object.fromEntries(Object.keys(expected).map((h) => [h, res.headers[h]]));
      expect(sent, name).toEqual(expected);
      expect(res.headers['x-powered-by'], name).toBeUndefined();
    }
  });

  it('sends HSTS only over HTTPS', async () => {
    const plain = await ctx.request({ method: 'GET', url: '/api/tags/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await ctx.request({
      method: 'GET',
      url: '/api/tags/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(secure.headers['strict-transport-security']).toContain('max-age=');
  });

  it('allows CORS with credentials for a configured origin only', async () => {
    const good = await ctx.request({
      method: 'GET',
      url: '/api/tags/',
      headers: { origin: 'https://app.example.com' },
    });
    expect(good.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(good.headers['access-control-allow-credentials']).toBe('true');
    for (const origin of ['https://evil.example.com', 'null', 'https://app.example.com.evil.com']) {
      const res = await ctx.request({ method: 'GET', url: '/api/tags/', headers: { origin } });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    }
    const preflight = await ctx.request({
      method: 'OPTIONS',
      url: '/api/questions/',
      headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('rejects bodies that are not JSON with 415 in the error shape', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await ctx.request({
        method: 'POST',
        url: '/api/questions/',
        body: 'text=hello',
        headers: { 'content-type': type },
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ code: expect.any(String), detail: expect.any(String) });
    }
  });

  it("returns a request id, and takes a trusted proxy's well-formed one", async () => {
    const own = await ctx.request({ method: 'GET', url: '/api/tags/' });
    expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const forwarded = await ctx.request({
      method: 'GET',
      url: '/api/tags/',
      headers: { 'x-request-id': 'edge-1234' },
    });
    expect(forwarded.headers['x-request-id']).toBe('edge-1234');
    const injected = await ctx.request({
      method: 'GET',
      url: '/api/tags/',
      headers: { 'x-request-id': 'bad id\nwith newline' },
    });
    expect(injected.headers['x-request-id']).not.toContain('bad');
  });
});

describe('without a trusted proxy', () => {
  let ctx: TestContext & { close(): Promise<void> };
  beforeAll(async () => {
    ctx = await createTestContext('pglite');
  });
  afterAll(() => ctx.close());

  it('ignores forwarded headers: no HSTS from a spoofed proto, no foreign request id', async () => {
    const res = await ctx.request({
      method: 'GET',
      url: '/api/tags/',
      headers: { 'x-forwarded-proto': 'https', 'x-request-id': 'spoofed-id' },
    });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-request-id']).not.toBe('spoofed-id');
  });

  it('sends no CORS headers when no origin is configured', async () => {
    const res = await ctx.request({
      method: 'GET',
      url: '/api/tags/',
      headers: { origin: 'https://app.example.com' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe("the CSP and the stylesheets the build writes into index.html and a question's page", () => {
  let ctx: TestContext & { close(): Promise<void> };
  const css = ['body{margin:0}', ':root{--x:1}'];
  // The question screen's stylesheet, which its page writes in (lib/screen-preloads.ts).
  const screenCss = '.q{color:red}</style>';
  beforeAll(async () => {
    const dist = await mkdtemp(path.join(tmpdir(), 'web-dist-'));
    await writeFile(
      path.join(dist, 'index.html'),
      `<!doctype html><html><head>${css.map((c) => `<style>${c}</style>`).join('')}</head><body><div id="root"></div></body></html>`,
    );
    await mkdir(path.join(dist, '.vite'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'assets', 'q.css'), screenCss);
    await writeFile(
      path.join(dist, '.vite', 'screen-files.json'),
      JSON.stringify({ question: ['assets/q.js', 'assets/q.css'] }),
    );
    ctx = await createTestContext('pglite', { env: { WEB_DIST_DIR: dist } });
  });
  afterAll(() => ctx.close());

  it('allows exactly those <style> blocks, by hash, and no other inline style', async () => {
    const res = await ctx.request({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    const hash = (c: string) => `'sha256-${createHash('sha256').update(c).digest('base64')}'`;
    const hashes = [...css, '.q{color:red}<\\/style>'].map(hash);
    expect(csp).toContain(`style-src 'self' ${hashes.join(' ')};`);
    expect(csp).not.toContain('unsafe');
    expect(inlineStyleHashes(`<style>${css[0]}</style>`)).toEqual([hashes[0]]);
  });
});
