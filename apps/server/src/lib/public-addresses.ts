/**
 * Where a host the server is asked to call (a push service's endpoint) leads: every address
 * its name resolves to must be a public unicast address of the internet, of either family.
 * Private, loopback, link-local, multicast, unspecified, shared (CGNAT), reserved and
 * documentation ranges are refused, and so is an IPv6 address that carries an IPv4 one
 * (IPv4-mapped, NAT64, 6to4, Teredo...) unless the IPv4 address is public itself. The
 * ranges are ipaddr.js's (IANA's special-purpose registries). A name with one refused
 * address among public ones is refused: the connection could go to any of them.
 *
 * `guardedLookup` is the same check at connection time, as the `lookup` of node:http(s):
 * the connection goes to the addresses just checked, so a name that resolves to a public
 * address when checked and to an internal one a moment later (DNS rebinding) is refused.
 */
import type { LookupAddress, LookupOptions } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** All the addresses a host name resolves to (the system's resolver, or a test's). */
export type HostResolver = (host: string) => Promise<string[]>;

/** The longest a resolution may take: a name that answers slowly is refused, not waited on. */
export const RESOLVE_TIMEOUT_MS = 3_000;

/** `resolve`, given up (rejected, ETIMEOUT) after `ms`: a slow name is refused, not waited on. */
export function boundedResolver(resolve: HostResolver, ms: number): HostResolver {
  return (host) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(Object.assign(new Error('lookup timed out'), { code: 'ETIMEOUT' })),
        ms,
      );
    });
    return Promise.race([resolve(host), timeout]).finally(() => clearTimeout(timer));
  };
}

/**
 * The system's resolver (getaddrinfo, as a connection's own lookup: /etc/hosts included),
 * every address of both families, given up after RESOLVE_TIMEOUT_MS.
 */
export const systemResolver: HostResolver = boundedResolver(
  async (host) => (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address),
  RESOLVE_TIMEOUT_MS,
);

/** Whether an address is a public unicast address of the internet. */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0) return false;
  let parsed: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/** Why a host's addresses may not be called: 'unresolved', 'private', or null (all public). */
export async function hostProblem(
  host: string,
  resolve: HostResolver,
): Promise<'unresolved' | 'private' | null> {
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return 'unresolved';
  }
  if (addresses.length === 0) return 'unresolved';
  return addresses.every(isPublicAddress) ? null : 'private';
}

/** The code of the error a guarded connection fails with when its host leads inside. */
export const NOT_PUBLIC = 'ENOTPUBLIC';

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A `lookup` for node:net/http(s) that resolves with `resolve` and refuses non-public hosts. */
export function guardedLookup(resolve: HostResolver) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname).then(
      (addresses) => {
        if (addresses.length === 0 || !addresses.every(isPublicAddress)) {
          const error: NodeJS.ErrnoException = new Error(
            'the host does not resolve to public addresses only',
          );
          error.code = addresses.length === 0 ? 'ENOTFOUND' : NOT_PUBLIC;
          callback(error, '');
          return;
        }
        const family =
          options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const entries = addresses
          .map((address) => ({ address, family: isIP(address) }))
          .filter((entry) => !family || entry.family === family);
        const first = entries[0];
        if (first === undefined) {
          const error: NodeJS.ErrnoException = new Error('no address of the family asked for');
          error.code = 'ENOTFOUND';
          callback(error, '');
        } else if (options.all) {
          callback(null, entries);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
