/**
 * The one API client: JSON in and out, the session header and bearer token on every
 * request, one token refresh on a 401 (then signed out when that fails), and typed errors.
 * Offline, a request fails at once (and one in flight fails when the connection drops)
 * instead of waiting: the caller shows why. Creating calls carry an Idempotency-Key.
 */
import type { ErrorCode, TokenPair } from '@dating/contract';
import { readAfter as tabReadAfter } from './read-after.ts';
import { getSessionId, tokens } from './storage.ts';

/**
 * Server error bodies: `{"field": ["message"]}` per field, or `{"detail": "message",
 * "code": "..."}`. The app decides by `code`; `detail` is words for people, in the page's
 * language.
 */
export type ErrorBody = Record<string, unknown>;

export class ApiError extends Error {
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  readonly body: ErrorBody | null;
  /** The browser is offline (status 0): nothing was sent, or the connection dropped. */
  readonly offline: boolean;

  constructor(status: number, body: ErrorBody | null, offline = false) {
    super(offline ? 'offline' : `API error ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.offline = offline;
  }

  /** The `detail` message, when the server sent one. */
  get detail(): string | undefined {
    const detail = this.body?.detail;
    return typeof detail === 'string' ? detail : undefined;
  }

  /** The error's stable code (`{"detail": ..., "code": ...}`), when the server sent one. */
  get code(): ErrorCode | undefined {
    const code = this.body?.code;
    return typeof code === 'string' ? (code as ErrorCode) : undefined;
  }

  /** Messages per field (a lone string counts as one message); `detail` (and a silence's `silenced_until`) is not a field. */
  get fieldErrors(): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const [field, value] of Object.entries(this.body ?? {})) {
      // A silenced write's end time goes with its detail, which says it in words; the code
      // is for the app, not the reader.
      if (field === 'detail' || field === 'code' || field === 'silenced_until') continue;
      if (typeof value === 'string') out[field] = [value];
      else if (Array.isArray(value)) {
        const messages = value.filter((m): m is string => typeof m === 'string');
        if (messages.length > 0) out[field] = messages;
      }
    }
    return out;
  }
}

/** Whether `error` is the server refusing a request (400) with one of these codes. */
export function isRefusalWith(error: unknown, codes: readonly ErrorCode[]): boolean {
  return (
    error instanceof ApiError &&
    error.status === 400 &&
    error.code !== undefined &&
    codes.includes(error.code)
  );
}

/**
 * The language the server writes its messages in: the page's (`<html lang>`), whatever the
 * browser would ask for, so that a message never comes in another language than the page.
 */
function pageLanguage(): string {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return lang === '' ? 'en' : lang;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

export type QueryValue = string | number | undefined | null;

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Sent as Idempotency-Key: one per user action, the same when that action is retried. */
  idempotencyKey?: string;
  /** A solved proof-of-work challenge, sent as X-Altcha (anonymous writes). */
  altcha?: string | undefined;
  /**
   * Calls as the anonymous holder of this key alone, whoever is signed in: no bearer token,
   * the key as X-Session-Id (to list, or preview the claim of, a private key's own posts).
   */
  asAnonymous?: string;
}

type FetchFn = (input: string, init: RequestInit) => Promise<Response>;

/** Whether the browser has a connection, and news when it loses it. */
export interface Connectivity {
  online(): boolean;
  /** Calls `listener` when the connection drops; returns the unsubscribe function. */
  onOffline(listener: () => void): () => void;
}

export const browserConnectivity: Connectivity = {
  online: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  onOffline(listener) {
    window.addEventListener('offline', listener);
    return () => window.removeEventListener('offline', listener);
  },
};

/** A signal that aborts when any of the given ones does. */
function anySignal(signals: AbortSignal[]): AbortSignal {
  const controller = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}

const TOKEN_PATHS = ['/api/token/', '/api/token/refresh/', '/api/token/blacklist/'];

export function withQuery(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  if (search === '') return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

/** The target of `Link: <...>; rel="next"`, or null. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part.trim());
    if (match?.[1]) return match[1];
  }
  return null;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function asErrorBody(value: unknown): ErrorBody | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as ErrorBody)
    : null;
}

export function createApiClient(options: {
  fetch: FetchFn;
  baseUrl?: string;
  connectivity?: Connectivity;
  /** The tab's last write's log position (lib/read-after.ts); the tab's own by default. */
  readAfter?: Pick<typeof tabReadAfter, 'current' | 'note'>;
}) {
  const base = (options.baseUrl ?? '').replace(/\/$/, '');
  const connectivity = options.connectivity ?? browserConnectivity;
  const positions = options.readAfter ?? tabReadAfter;
  let refreshing: Promise<boolean> | null = null;

  function send(method: string, path: string, opts: RequestOptions, withToken: boolean) {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': pageLanguage(),
    };
    const access = withToken && opts.asAnonymous === undefined ? tokens.access() : null;
    // One identity per request: signed in, the tab's anonymous session is not sent, so the
    // account is never joined to what the tab posted anonymously.
    if (access) headers.Authorization = `Bearer ${access}`;
    else {
      const sessionId = opts.asAnonymous ?? getSessionId();
      if (sessionId) headers['X-Session-Id'] = sessionId;
    }
    if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
    if (opts.altcha) headers['X-Altcha'] = opts.altcha;
    // So that a replica serves this call only once it has this tab's writes.
    const position = positions.current();
    if (position !== null) headers['Read-After'] = position;
    const init: RequestInit = { method, headers, credentials: 'include' };
    if (opts.signal) init.signal = opts.signal;
    if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(opts.body);
    }
    return options.fetch(`${base}${withQuery(path, opts.query)}`, init);
  }

  /** Exchanges the refresh token once; concurrent 401s share the same attempt. */
  function refreshTokens(): Promise<boolean> {
    const refresh = tokens.refresh();
    if (!refresh) return Promise.resolve(false);
    refreshing ??= (async () => {
      try {
        const response = await send('POST', '/api/token/refresh/', { body: { refresh } }, false);
        if (!response.ok) return false;
        const pair = (await readBody(response)) as TokenPair | undefined;
        if (!pair?.access || !pair.refresh) return false;
        tokens.store(pair, 'refreshed');
        return true;
      } catch {
        return false;
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  async function request<T>(
    method: string,
    path: string,
    requestOpts: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    if (!connectivity.online()) throw new ApiError(0, null, true);
    const dropped = new AbortController();
    const stopWatching = connectivity.onOffline(() => dropped.abort());
    const opts: RequestOptions = {
      ...requestOpts,
      signal: requestOpts.signal ? anySignal([requestOpts.signal, dropped.signal]) : dropped.signal,
    };
    // Called as an anonymous key: no token was sent, so there is none to refresh.
    const asUser = opts.asAnonymous === undefined;
    let response: Response;
    try {
      const sentToken = asUser && tokens.access() !== null;
      response = await send(method, path, opts, asUser);
      if (asUser && response.status === 401 && !TOKEN_PATHS.includes(path.split('?')[0] ?? path)) {
        if (await refreshTokens()) {
          response = await send(method, path, opts, true);
        } else if (sentToken || tokens.refresh() !== null) {
          // The refresh failed: signed out. Public calls still work without a token.
          tokens.clear();
          if (sentToken) response = await send(method, path, opts, false);
        }
      }
    } catch (error) {
      if (dropped.signal.aborted || !connectivity.online()) throw new ApiError(0, null, true);
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, null);
    } finally {
      stopWatching();
    }
    positions.note(response.headers.get('Read-After'));
    const body = await readBody(response);
    if (!response.ok) throw new ApiError(response.status, asErrorBody(body));
    return { data: body as T, headers: response.headers };
  }

  return {
    request,
    get: async <T>(path: string, opts?: RequestOptions) =>
      (await request<T>('GET', path, opts)).data,
    post: async <T>(
      path: string,
      body?: unknown,
      opts?: { idempotencyKey?: string; altcha?: string | undefined },
    ) => (await request<T>('POST', path, { body: body ?? {}, ...opts })).data,
    patch: async <T>(path: string, body: unknown) =>
      (await request<T>('PATCH', path, { body })).data,
    delete: async (path: string) => {
      await request<void>('DELETE', path);
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const api: ApiClient = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  baseUrl: import.meta.env.VITE_API_BASE_URL ?? '',
});
