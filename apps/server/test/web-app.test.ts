/**
 * The server serves the built web app beside the API: files as they are, any other page
 * path as index.html (history fallback), and unknown API paths still as JSON 404s.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, ENGINES, type TestContext } from './harness.ts';

describe.each(ENGINES)('web app serving [%s]', (engine) => {
  let dist: string;
  let ctx: TestContext & { close(): Promise<void> };

  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'web-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    await writeFile(path.join(dist, 'robots.txt'), 'User-agent: *');
    // A dotfile left in the build must not be served either.
    await writeFile(path.join(dist, '.env'), 'SECRET=1');
    await writeFile(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1);');
    await writeFile(
      path.join(dist, 'assets', 'main-abc123.js.br'),
      brotliCompressSync('console.log(1);'),
    );
    ctx = await createTestContext(engine, { env: { WEB_DIST_DIR: dist } });
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
      // The feed's page carries data (initial-data.test.ts): kept by the browser only.
      expect(res.headers['cache-control']).toBe(url === '/' ? 'private, no-cache' : 'no-cache');
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
    expect(unknown.json()).toEqual({ code: expect.any(String), detail: 'Not found.' });
    const tags = await ctx.request({ method: 'GET', url: '/api/tags/' });
    expect(tags.statusCode).toBe(200);
    expect(tags.json()).toEqual([]);
  });

  it('answers other methods on page paths with a JSON 404, never the page', async () => {
    const res = await ctx.request({ method: 'POST', url: '/questions/12', body: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: expect.any(String), detail: 'Not found.' });
  });

  it('answers 404 for dotfiles, dot-segments and files that are not assets', async () => {
    for (const url of [
      '/.git/config',
      '/.git/HEAD',
      '/.env',
      '/.htaccess',
      '/.well-known/security.txt',
      '/questions/.hidden',
      '/%2Egit/config',
      '/..%2f..%2fetc/passwd',
      '/backup.zip',
      '/wp-login.php',
      '/assets/gone-abc123.js',
      '/questions/12.json',
      '/favicon.ico',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await ctx.request({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.body, url).not.toContain('<title>app</title>');
        expect(res.body, url).not.toContain('SECRET');
      }
    }
    // Dot-segments as a client sends them (inject would resolve them first).
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    for (const rawPath of [
      '/a/../b',
      '/a/./b',
      '/questions/../.env',
      '/./questions/1',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/a/%2E/b',
    ]) {
      const { hostname, port } = new URL(address);
      const status = await new Promise<number | undefined>((resolve, reject) => {
        http
          .get({ hostname, port, path: rawPath }, (res) => {
            res.resume();
            resolve(res.statusCode);
          })
          .on('error', reject);
      });
      expect(status, rawPath).toBe(404);
    }
    // Real files and page paths are served as before.
    const robots = await ctx.request({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    for (const url of ['/questions/12', '/my/content', '/register']) {
      expect((await ctx.request({ method: 'GET', url })).statusCode, url).toBe(200);
    }
  });
});
