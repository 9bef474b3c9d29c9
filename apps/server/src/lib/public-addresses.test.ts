import { describe, expect, it } from 'vitest';
import { post } from '../services/push.ts';
import {
  boundedResolver,
  guardedLookup,
  hostProblem,
  isPublicAddress,
  NOT_PUBLIC,
  systemResolver,
} from './public-addresses.ts';

describe('public addresses', () => {
  it('takes public unicast addresses of both families', () => {
    for (const address of [
      '93.184.215.14',
      '8.8.8.8',
      '2a00:1450:4001:82b::200a',
      '::ffff:8.8.8.8',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses private, loopback, link-local, multicast, unspecified, shared and reserved ones', () => {
    for (const address of [
      '10.0.0.1',
      '172.16.5.4',
      '192.168.0.1',
      '127.0.0.1',
      '127.255.0.9',
      '169.254.169.254',
      '224.0.0.1',
      '239.255.255.250',
      '255.255.255.255',
      '0.0.0.0',
      '100.64.0.1',
      '192.0.0.8',
      '192.0.2.1',
      '198.18.0.1',
      '240.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fe80::1%eth0',
      'fd00::1',
      'fc00::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::a00:1',
      '2002:a00:1::1',
      '2001:db8::1',
      'not an address',
      '',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses a host with any address that is not public, or none', async () => {
    const answers = (addresses: string[]) => async () => addresses;
    expect(await hostProblem('a', answers(['93.184.215.14']))).toBeNull();
    expect(await hostProblem('a', answers(['93.184.215.14', '10.0.0.1']))).toBe('private');
    expect(await hostProblem('a', answers([]))).toBe('unresolved');
    expect(
      await hostProblem('a', async () => {
        throw new Error('ENOTFOUND');
      }),
    ).toBe('unresolved');
  });

  it('gives up on a name that does not answer, and refuses it', async () => {
    const silent = boundedResolver(() => new Promise<string[]>(() => {}), 50);
    const started = Date.now();
    expect(await hostProblem('slow.example.com', silent)).toBe('unresolved');
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('connects only to the public addresses it checked, in the forms node:net asks for', async () => {
    const lookup = guardedLookup(async () => ['93.184.215.14', '2a00:1450:4001:82b::200a']);
    const asked = (options: Parameters<typeof lookup>[1]) =>
      new Promise<unknown[]>((resolve) => lookup('a', options, (...args) => resolve(args)));
    expect(await asked({ all: true })).toEqual([
      null,
      [
        { address: '93.184.215.14', family: 4 },
        { address: '2a00:1450:4001:82b::200a', family: 6 },
      ],
    ]);
    expect(await asked({})).toEqual([null, '93.184.215.14', 4]);
    expect(await asked({ family: 6 })).toEqual([null, '2a00:1450:4001:82b::200a', 6]);
    const inside = guardedLookup(async () => ['93.184.215.14', '::ffff:127.0.0.1']);
    const [error] = await new Promise<unknown[]>((resolve) =>
      inside('a', { all: true }, (...args) => resolve(args)),
    );
    expect((error as NodeJS.ErrnoException).code).toBe(NOT_PUBLIC);
  });

  it('refuses to connect to a real name for this machine (localhost), before connecting', async () => {
    // The system's resolver answers 127.0.0.1 (and ::1) for localhost: no connection is
    // attempted (ECONNREFUSED would say one was).
    expect(await hostProblem('localhost', systemResolver)).toBe('private');
    await expect(post('https://localhost/push', {}, null, systemResolver)).rejects.toMatchObject({
      code: NOT_PUBLIC,
    });
  });
});
