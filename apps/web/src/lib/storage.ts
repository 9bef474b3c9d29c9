/**
 * Browser storage (spec §3, §9): the theme, the access and refresh tokens in
 * localStorage; the anonymous session id in sessionStorage (one per tab session).
 */
export const STORAGE_KEYS = {
  theme: 'theme',
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  sessionId: 'session_id',
} as const;

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string | null): boolean {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

const local = () => window.localStorage;
const session = () => window.sessionStorage;

/** A random, URL-safe id of at least 120 bits (crypto.randomUUID where available). */
export function newSessionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Pages served over plain HTTP on a LAN address have no randomUUID.
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * This tab's anonymous session id, created on first use. Null when the browser will not
 * keep one (storage disabled), in which case anonymous actions explain the problem.
 */
export function getSessionId(): string | null {
  const existing = read(session, STORAGE_KEYS.sessionId);
  if (existing) return existing;
  const id = newSessionId();
  return write(session, STORAGE_KEYS.sessionId, id) ? id : null;
}

/** 'signed-in' after login, 'refreshed' after a token refresh, 'signed-out' when cleared. */
export type TokenEvent = 'signed-in' | 'refreshed' | 'signed-out';
type TokenListener = (event: TokenEvent) => void;
const listeners = new Set<TokenListener>();

export const tokens = {
  access: (): string | null => read(local, STORAGE_KEYS.accessToken),
  refresh: (): string | null => read(local, STORAGE_KEYS.refreshToken),
  store(pair: { access: string; refresh: string }, event: TokenEvent = 'signed-in'): void {
    write(local, STORAGE_KEYS.accessToken, pair.access);
    write(local, STORAGE_KEYS.refreshToken, pair.refresh);
    for (const listener of listeners) listener(event);
  },
  clear(): void {
    const had = read(local, STORAGE_KEYS.accessToken) ?? read(local, STORAGE_KEYS.refreshToken);
    write(local, STORAGE_KEYS.accessToken, null);
    write(local, STORAGE_KEYS.refreshToken, null);
    if (had !== null) for (const listener of listeners) listener('signed-out');
  },
  /** Called whenever tokens are stored or cleared; returns the unsubscribe function. */
  subscribe(listener: TokenListener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export type Theme = 'light' | 'dark';

export function storedTheme(): Theme | null {
  const value = read(local, STORAGE_KEYS.theme);
  return value === 'dark' || value === 'light' ? value : null;
}

export function storeTheme(theme: Theme): void {
  write(local, STORAGE_KEYS.theme, theme);
}
