/**
 * Browser storage (spec §3, §9): the theme, the access and refresh tokens in
 * localStorage; the anonymous session id in sessionStorage (one per tab session). By the
 * visitor's choice only, a private key saved on this device (localStorage).
 */
import { LANG_COOKIE, type SiteLocale, strongSessionId, THEME_COOKIE } from '@dating/contract';

export const STORAGE_KEYS = {
  theme: 'theme',
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  sessionId: 'session_id',
  /** A private key the visitor chose to keep on this device (off by default). */
  savedKey: 'private_key',
  /** This tab's key has posts (it posted, or was restored): "My private key" is offered. */
  keyInUse: 'private_key_in_use',
  /** "Keep access to this post" was offered in this tab: once per tab, never again. */
  keyOffered: 'private_key_offered',
  /** The log position of this tab's last write (`Read-After`, lib/read-after.ts). */
  readAfter: 'read_after',
  /** The country whose helplines the support panel lists first, once the visitor picked one. */
  helplineCountry: 'helpline_country',
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

/** This tab's kept `Read-After` position, or null. */
export function storedReadAfter(): string | null {
  return read(session, STORAGE_KEYS.readAfter);
}

/** Keeps this tab's `Read-After` position (for a reload of the tab); false when it cannot. */
export function storeReadAfter(position: string): boolean {
  return write(session, STORAGE_KEYS.readAfter, position);
}
const session = () => window.sessionStorage;

/**
 * A random session id the server accepts (contract: session-id.ts): a UUID v4 from
 * crypto.randomUUID, drawn once. The server refuses a random one with odds below 1e-9, so
 * `strongSessionId` throws rather than draw again when the browser's source gives one it
 * refuses: such a source is broken, and no post is made with a key it made.
 */
export function newSessionId(): string {
  if (typeof crypto.randomUUID === 'function') return strongSessionId(() => crypto.randomUUID());
  // Pages served over plain HTTP on a LAN address have no randomUUID: 32 base64url
  // characters are 192 random bits, refused with odds of 1.4e-13 (24 would be 8.7e-8).
  return strongSessionId(() =>
    Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => BASE64URL[b & 63]).join(''),
  );
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * This tab's anonymous session id, created on first use. Null when the browser will not
 * keep one (storage disabled), or when its random source gave an id the server would refuse
 * (a broken source: its ids could be guessed), in which case anonymous actions explain the
 * problem and reads go on without a key.
 */
export function getSessionId(): string | null {
  const existing = read(session, STORAGE_KEYS.sessionId);
  if (existing) return existing;
  let id: string;
  try {
    id = newSessionId();
  } catch {
    return null;
  }
  return write(session, STORAGE_KEYS.sessionId, id) ? id : null;
}

const sessionListeners = new Set<() => void>();

/** This tab's session id if it has one, without making one (signed in, it is the earlier key). */
export function peekSessionId(): string | null {
  return read(session, STORAGE_KEYS.sessionId);
}

/** Makes `id` this tab's session id (a restored private key); false when storage refuses. */
export function replaceSessionId(id: string): boolean {
  const ok = write(session, STORAGE_KEYS.sessionId, id);
  if (ok) for (const listener of sessionListeners) listener();
  return ok;
}

/** Called when this tab's session id is replaced; returns the unsubscribe function. */
export function onSessionIdChange(listener: () => void): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

/** The private key saved on this device, and this tab's flags about its own key. */
export const privateKeyStore = {
  saved: (): string | null => read(local, STORAGE_KEYS.savedKey),
  save: (key: string): boolean => write(local, STORAGE_KEYS.savedKey, key),
  forget: (): void => {
    write(local, STORAGE_KEYS.savedKey, null);
  },
  inUse: (): boolean => read(session, STORAGE_KEYS.keyInUse) === '1',
  markInUse: (): void => {
    write(session, STORAGE_KEYS.keyInUse, '1');
  },
  offered: (): boolean => read(session, STORAGE_KEYS.keyOffered) === '1',
  markOffered: (): void => {
    write(session, STORAGE_KEYS.keyOffered, '1');
  },
};

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

/** The support panel's country as the visitor picked it (a code, or 'international'). */
export function storedHelplineCountry(): string | null {
  return read(local, STORAGE_KEYS.helplineCountry);
}

/** Keeps the panel's country in this browser, like the theme; false when storage refuses. */
export function storeHelplineCountry(choice: string): boolean {
  return write(local, STORAGE_KEYS.helplineCountry, choice);
}

export type Theme = 'light' | 'dark';

export function storedTheme(): Theme | null {
  const value = read(local, STORAGE_KEYS.theme);
  return value === 'dark' || value === 'light' ? value : null;
}

const YEAR_S = 365 * 24 * 3600;

/** Remembers the visitor's choice: for the server's pages, and in this browser. */
export function storeTheme(theme: Theme): void {
  write(local, STORAGE_KEYS.theme, theme);
  // One bit, the same for every visitor who chose it: it names and links no one.
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari
  document.cookie = `${THEME_COOKIE}=${theme}; Path=/; Max-Age=${YEAR_S}; SameSite=Lax`;
}

/**
 * Remembers the visitor's language for the server, which draws every page in it (one of
 * three values, the same for all who chose it: it names and links no one).
 */
export function storeLocale(locale: SiteLocale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari
  document.cookie = `${LANG_COOKIE}=${locale}; Path=/; Max-Age=${YEAR_S}; SameSite=Lax`;
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
}

/**
 * A choice saved before the cookie existed (localStorage only): applied, and written to the
 * cookie so that the next page comes with it.
 */
export function carryOverStoredTheme(): void {
  const theme = storedTheme();
  if (theme === null || document.documentElement.dataset.theme === theme) return;
  applyTheme(theme);
  storeTheme(theme);
}
