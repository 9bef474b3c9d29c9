import { describe, expect, it } from 'vitest';
import { networkOf, ReporterNetworks } from './reporter-networks.ts';

describe('reporter networks', () => {
  it('groups IPv4 by /24 and IPv6 by /64, in every spelling', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.200')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:0db8:0001:0002:ffff:0:0:9')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('203.0.114.7')).not.toBe(networkOf('203.0.113.7'));
  });

  it('keys a network per target, so that targets share nothing', () => {
    const networks = new ReporterNetworks('a-server-secret');
    const q1 = networks.of('203.0.113.7', { type: 'question', id: 1 });
    expect(networks.of('203.0.113.99', { type: 'question', id: 1 })).toEqual(q1);
    expect(networks.of('203.0.113.7', { type: 'question', id: 2 })).not.toEqual(q1);
    expect(networks.of('203.0.113.7', { type: 'answer', id: 1 })).not.toEqual(q1);
    expect(
      new ReporterNetworks('another').of('203.0.113.7', { type: 'question', id: 1 }),
    ).not.toEqual(q1);
  });
});
