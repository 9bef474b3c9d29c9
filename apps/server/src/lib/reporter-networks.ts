/**
 * Where a report came from, for counting people rather than keys: private keys and
 * accounts cost nothing to make, a network does. A report keeps an HMAC of its client's
 * network (an IPv4 /24, an IPv6 /64) with the reported target, under a key derived from
 * the server secret: reports of one target from one network share it, so they count once
 * toward auto-hide; reports of different targets never share it, so nobody can follow a
 * network across the site; and the address itself is never stored. It is cleared when the
 * report is reviewed, since only pending reports are counted.
 */
import { createHmac, hkdfSync } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

export interface NetworkTarget {
  type: 'question' | 'answer';
  id: number;
}

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail is two of them). */
function ipv6Groups(address: string): number[] {
  const [head = '', tail] = address.split('::');
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const first = parse(head);
  const last = tail === undefined ? [] : parse(tail);
  return [...first, ...new Array(8 - first.length - last.length).fill(0), ...last];
}

/** The network an address belongs to, as the people behind it cannot easily change it. */
export function networkOf(address: string): string {
  const ipv4 = MAPPED_IPV4.exec(address)?.[1] ?? (isIPv4(address) ? address : null);
  if (ipv4 !== null) return `${ipv4.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(address)) {
    const prefix = ipv6Groups(address.split('%')[0] ?? address).slice(0, 4);
    return `${prefix.map((group) => group.toString(16)).join(':')}::/64`;
  }
  // Not an address (a test's inject, a Unix socket): counted as its own network.
  return `other:${address}`;
}

export class ReporterNetworks {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, '', 'reporter-network/v1', 32));
  }

  of(address: string, target: NetworkTarget): Buffer {
    return createHmac('sha256', this.key)
      .update(`${networkOf(address)}\n${target.type}:${target.id}`)
      .digest();
  }
}
