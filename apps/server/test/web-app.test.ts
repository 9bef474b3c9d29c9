/**
 * The server serves the built web app beside the API: files as they are, any other page
 * path as index.html (history fallback), and unknown API paths still as JSON 404s.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness.ts';

describe('web app serving', () => {
  let dist: string;
  let ctx: TestContext & { close(): Promise<void> };

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'web-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    await writeFile(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1);');
    await writeFile(
      path.join(dist, 'assets', 'main-abc123.js.br'),
      brotliCompressSync('console.log(1);'),
    );
    ctx = await createTestContext('pglite', { env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await ctx.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves index.html for a deep link, so a reload of /questions/12 works', async () => {
    for (const url of ['/', '/questions/12', '/my/content', '/admin/reports', '/no/such/page']) {
      const res = await ctx.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>app</title>');
    }
  });

  it('answers HEAD for pages too', async () => {
    const res = await ctx.request({ method: 'HEAD', url: '/questions/3' });
    expect(res.statusCode).toBe(200);
  });

  it('serves hashed assets with a long immutable cache', async () => {
    const res = await ctx.request({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1);');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends the precompressed copy to a client that takes it', async () => {
    const res = await ctx.request({
      method: 'GET',
      url: '/assets/main-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('console.log(1);');
  });

  it('keeps the API in charge of /api/: JSON 404 for unknown paths, real routes work', async () => {
    const unknown = await ctx.request({ method: 'GET', url: '/api/nothing-here/' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Not found.' });
    const tags = await ctx.request({ method: 'GET', url: '/api/tags/' });
    expect(tags.statusCode).toBe(200);
    expect(tags.json()).toEqual([]);
  });

  it('answers other methods on page paths with a JSON 404, never the page', async () => {
    const res = await ctx.request({ method: 'POST', url: '/questions/12', body: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });
});
