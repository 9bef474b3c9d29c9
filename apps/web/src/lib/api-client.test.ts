import { isValidSessionId } from '@dating/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError, type Connectivity, createApiClient, nextLink } from './api-client.ts';
import { createReadAfter, positionValue } from './read-after.ts';
import { tokens } from './storage.ts';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fake fetch: answers each call with the next scripted response. */
function fakeFetch(
  script: (call: Call) => { status: number; body?: unknown; headers?: Record<string, string> },
) {
  const calls: Call[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    const call: Call = {
      url,
      method: init.method ?? 'GET',
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const answer = script(call);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  };
  return { fetch, calls };
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('api client', () => {
  it('keeps the highest Read-After a response carried, and sends it with every later call', async () => {
    const saved: string[] = [];
    const readAfter = createReadAfter({
      load: () => '0/5',
      save: (position) => saved.push(position),
    });
    const answers = ['0/3000148', '0/2FFFFFF', 'junk', '1/0'];
    const { fetch, calls } = fakeFetch(() => {
      const position = answers.shift();
      const headers: Record<string, string> = position ? { 'Read-After': position } : {};
      return { status: 201, body: {}, headers };
    });
    const api = createApiClient({ fetch, readAfter });
    for (let i = 0; i < 5; i += 1) await api.post('/api/questions/', {});
    expect(calls.map((call) => call.headers['Read-After'])).toEqual([
      '0/5',
      '0/3000148',
      // A lower position, or anything that is not one, changes nothing.
      '0/3000148',
      '0/3000148',
      '1/0',
    ]);
    expect(saved).toEqual(['0/3000148', '1/0']);
  });

  it('compares positions as numbers, not as text', () => {
    expect(positionValue('0/A')).toBe(10n);
    expect((positionValue('1/0') ?? 0n) > (positionValue('0/FFFFFFFF') ?? 0n)).toBe(true);
    expect(positionValue('0/123456789')).toBeNull();
    expect(positionValue(null)).toBeNull();
  });

  it('sends the session id header when signed out, and only the bearer token when signed in', async () => {
    const { fetch, calls } = fakeFetch(() => ({ status: 200, body: [] }));
    const api = createApiClient({ fetch });
    await api.get('/api/tags/');
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(calls[0]?.headers['X-Session-Id']).toBe(window.sessionStorage.getItem('session_id'));
    expect(isValidSessionId(window.sessionStorage.getItem('session_id'))).toBe(true);

    tokens.store({ access: 'A1', refresh: 'R1' });
    await api.get('/api/tags/');
    expect(calls[1]?.headers.Authorization).toBe('Bearer A1');
    expect(calls[1]?.headers['X-Session-Id']).toBeUndefined();
  });

  it('on a 401 refreshes once, stores the rotated pair and retries', async () => {
    tokens.store({ access: 'old', refresh: 'R1' });
    const { fetch, calls } = fakeFetch((call) => {
      if (call.url === '/api/token/refresh/') {
        expect(call.body).toEqual({ refresh: 'R1' });
        return { status: 200, body: { access: 'new', refresh: 'R2' } };
      }
      return call.headers.Authorization === 'Bearer new'
        ? { status: 200, body: { ok: true } }
        : { status: 401, body: { detail: 'Given token not valid for any token type' } };
    });
    const api = createApiClient({ fetch });
    await expect(api.get('/api/my/answers/')).resolves.toEqual({ ok: true });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/my/answers/',
      '/api/token/refresh/',
      '/api/my/answers/',
    ]);
    expect(tokens.access()).toBe('new');
    expect(tokens.refresh()).toBe('R2');
  });

  it('concurrent 401s share one refresh', async () => {
    tokens.store({ access: 'old', refresh: 'R1' });
    const { fetch, calls } = fakeFetch((call) => {
      if (call.url === '/api/token/refresh/')
        return { status: 200, body: { access: 'new', refresh: 'R2' } };
      return call.headers.Authorization === 'Bearer new'
        ? { status: 200, body: 1 }
        : { status: 401, body: {} };
    });
    const api = createApiClient({ fetch });
    await Promise.all([api.get('/api/a/'), api.get('/api/b/'), api.get('/api/c/')]);
    expect(calls.filter((c) => c.url === '/api/token/refresh/')).toHaveLength(1);
  });

  it('signs out when the refresh fails, and retries a public call without the token', async () => {
    tokens.store({ access: 'old', refresh: 'expired' });
    const events: string[] = [];
    const unsubscribe = tokens.subscribe((event) => events.push(event));
    const { fetch, calls } = fakeFetch((call) => {
      if (call.url === '/api/token/refresh/')
        return { status: 401, body: { detail: 'Token is invalid' } };
      return call.headers.Authorization
        ? { status: 401, body: {} }
        : { status: 200, body: ['public'] };
    });
    const api = createApiClient({ fetch });
    await expect(api.get('/api/questions/')).resolves.toEqual(['public']);
    expect(tokens.access()).toBeNull();
    expect(tokens.refresh()).toBeNull();
    expect(events).toEqual(['signed-out']);
    expect(calls.filter((c) => c.url === '/api/token/refresh/')).toHaveLength(1);
    unsubscribe();
  });

  it('does not refresh for anonymous visitors or for the token calls', async () => {
    const { fetch, calls } = fakeFetch(() => ({
      status: 401,
      body: { detail: 'No active account found with the given credentials' },
    }));
    const api = createApiClient({ fetch });
    await expect(api.post('/api/token/', { username: 'a', password: 'b' })).rejects.toMatchObject({
      status: 401,
      detail: 'No active account found with the given credentials',
    });
    await expect(api.get('/api/my/answers/')).rejects.toBeInstanceOf(ApiError);
    expect(calls).toHaveLength(2);
  });

  it('maps error bodies: field errors and detail', async () => {
    const { fetch } = fakeFetch(() => ({
      status: 400,
      body: { text: ['Question text cannot be empty.'], detail: 'x' },
    }));
    const api = createApiClient({ fetch });
    const error = (await api.post('/api/questions/', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(400);
    expect(error.detail).toBe('x');
    expect(error.fieldErrors).toEqual({ text: ['Question text cannot be empty.'] });
  });

  it("reads a detail body's code, which is no field", async () => {
    const { fetch } = fakeFetch(() => ({
      status: 400,
      body: { detail: 'You have already reported this.', code: 'alreadyReported' },
    }));
    const api = createApiClient({ fetch });
    const error = (await api.post('/api/reports/', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('alreadyReported');
    expect(error.fieldErrors).toEqual({});
    expect(new ApiError(400, { text: ['Too long.'] }).code).toBeUndefined();
  });

  it("asks for messages in the page's language, English when it names none", async () => {
    const { fetch, calls } = fakeFetch(() => ({ status: 200, body: {} }));
    const api = createApiClient({ fetch });
    const before = document.documentElement.lang;
    try {
      document.documentElement.lang = '';
      await api.get('/api/tags/');
      document.documentElement.lang = 'en';
      await api.get('/api/tags/');
      document.documentElement.lang = 'es';
      await api.get('/api/tags/');
    } finally {
      document.documentElement.lang = before;
    }
    expect(calls.map((call) => call.headers['Accept-Language'])).toEqual(['en', 'en', 'es']);
  });

  it('a network failure is an ApiError with status 0', async () => {
    const api = createApiClient({
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(api.get('/api/tags/')).rejects.toMatchObject({ status: 0 });
  });

  it('returns the Link header for the next page', async () => {
    const { fetch, calls } = fakeFetch(() => ({
      status: 200,
      body: [],
      headers: { Link: '</api/questions/?gender=W&cursor=abc>; rel="next"' },
    }));
    const api = createApiClient({ fetch });
    const response = await api.request('GET', '/api/questions/', {
      query: { gender: 'W', search: '' },
    });
    expect(calls[0]?.url).toBe('/api/questions/?gender=W');
    expect(nextLink(response.headers.get('Link'))).toBe('/api/questions/?gender=W&cursor=abc');
    expect(nextLink(null)).toBeNull();
  });

  it('sends an Idempotency-Key when the caller gives one', async () => {
    const { fetch, calls } = fakeFetch(() => ({ status: 201, body: { id: 1 } }));
    const api = createApiClient({ fetch });
    await api.post('/api/questions/', { text: 'x' }, { idempotencyKey: 'k-1' });
    await api.post('/api/questions/', { text: 'y' });
    expect(calls[0]?.headers['Idempotency-Key']).toBe('k-1');
    expect(calls[1]?.headers).not.toHaveProperty('Idempotency-Key');
  });

  it('calls as an anonymous key alone: that key, and no bearer token even when signed in', async () => {
    const key = 'a3bb189e-8bf9-4888-9912-ace4e6543002';
    tokens.store({ access: 'A1', refresh: 'R1' });
    const { fetch, calls } = fakeFetch(() => ({ status: 200, body: [] }));
    const api = createApiClient({ fetch });
    await api.request('GET', '/api/my/anonymous/', { asAnonymous: key });
    expect(calls[0]?.headers['X-Session-Id']).toBe(key);
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    // Signed out, the given key wins over the tab's own.
    tokens.clear();
    await api.request('GET', '/api/my/anonymous/', { asAnonymous: key });
    expect(calls[1]?.headers['X-Session-Id']).toBe(key);
    await api.get('/api/tags/');
    expect(calls[2]?.headers['X-Session-Id']).toBe(window.sessionStorage.getItem('session_id'));
    expect(calls[2]?.headers['X-Session-Id']).not.toBe(key);
  });

  it('a 401 to an anonymous-key call neither refreshes nor signs out', async () => {
    tokens.store({ access: 'A1', refresh: 'R1' });
    const { fetch, calls } = fakeFetch(() => ({ status: 401, body: { detail: 'no' } }));
    const api = createApiClient({ fetch });
    await expect(
      api.request('GET', '/api/my/anonymous/', {
        asAnonymous: 'a3bb189e-8bf9-4888-9912-ace4e6543002',
      }),
    ).rejects.toMatchObject({ status: 401 });
    expect(calls.map((c) => c.url)).toEqual(['/api/my/anonymous/']);
    expect(tokens.access()).toBe('A1');
    expect(tokens.refresh()).toBe('R1');
  });
});

/** A connection that the test turns off. */
function switchableConnection() {
  let online = true;
  const listeners = new Set<() => void>();
  const connectivity: Connectivity = {
    online: () => online,
    onOffline(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    connectivity,
    goOffline() {
      online = false;
      for (const listener of [...listeners]) listener();
    },
    listeners,
  };
}

describe('api client offline', () => {
  it('fails at once, sending nothing, while the browser is offline', async () => {
    const connection = switchableConnection();
    const { fetch, calls } = fakeFetch(() => ({ status: 200, body: [] }));
    const api = createApiClient({ fetch, connectivity: connection.connectivity });
    connection.goOffline();
    const error = (await api.post('/api/questions/', {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.offline).toBe(true);
    expect(calls).toHaveLength(0);
  });

  it('a request in flight fails when the connection drops, instead of waiting', async () => {
    const connection = switchableConnection();
    let started: () => void = () => {};
    const sent = new Promise<void>((resolve) => {
      started = resolve;
    });
    // A server that never answers; only an abort ends the request.
    const fetch = (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        started();
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        );
      });
    const api = createApiClient({ fetch, connectivity: connection.connectivity });
    const pending = api.post('/api/questions/', {}).catch((e: unknown) => e);
    await sent;
    connection.goOffline();
    const error = (await pending) as ApiError;
    expect(error.offline).toBe(true);
    expect(connection.listeners.size).toBe(0);
  });

  it("a caller's own abort is still an AbortError", async () => {
    const connection = switchableConnection();
    const fetch = (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        );
      });
    const api = createApiClient({ fetch, connectivity: connection.connectivity });
    const controller = new AbortController();
    const pending = api.request('GET', '/api/tags/', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
