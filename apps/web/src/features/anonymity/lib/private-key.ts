/**
 * A private key (an anonymous session id, see the contract's session-id.ts) as the visitor
 * handles it: a code, or a private link to this site with the key in the URL fragment.
 * A fragment is never sent to the server (so no request log holds it) nor in a Referer,
 * and the app removes it from the address bar as soon as it has read it.
 */
import { sessionIdProblem } from '@dating/contract';

const LINK_PARAM = 'key';

/** The private link of `key` on the site at `origin`: `https://site/#key=...`. */
export function privateLink(key: string, origin: string): string {
  return `${origin}/#${LINK_PARAM}=${encodeURIComponent(key)}`;
}

/** The key a location fragment carries (`#key=...`), or null when it carries none. */
export function keyFromHash(hash: string): string | null {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!fragment.includes('=')) return null;
  return new URLSearchParams(fragment).get(LINK_PARAM);
}

export type KeyProblem = 'empty' | 'malformed' | 'weak';

export type ParsedKey = { key: string; problem: null } | { key: null; problem: KeyProblem };

/**
 * What the visitor pasted, a code or a whole private link, as the key it holds. Whitespace
 * is dropped first: a key has none, and copying text that wrapped can add some.
 */
export function parseKeyInput(input: string): ParsedKey {
  const compact = input.replace(/\s+/g, '');
  if (compact === '') return { key: null, problem: 'empty' };
  const hashAt = compact.indexOf('#');
  const candidate = hashAt === -1 ? compact : (keyFromHash(compact.slice(hashAt)) ?? '');
  const problem = sessionIdProblem(candidate);
  if (problem === null) return { key: candidate, problem: null };
  return { key: null, problem: problem === 'sessionIdWeak' ? 'weak' : 'malformed' };
}
