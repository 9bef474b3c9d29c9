import { describe, expect, it } from 'vitest';
import {
  formatLsn,
  isReplicaFailure,
  LSN_MAX,
  parseLsn,
  pickReplica,
  ReadReplicas,
  type ReplicaState,
} from './read-replicas.ts';

describe('log positions', () => {
  it('reads PostgreSQL positions and writes them back as PostgreSQL does', () => {
    expect(parseLsn('0/3000148')).toBe(0x3000148n);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) | 0xb374d848n);
    expect(parseLsn('ffffffff/ffffffff')).toBe(LSN_MAX);
    for (const text of ['0/3000148', '16/B374D848', '0/0', 'FFFFFFFF/FFFFFFFF']) {
      expect(formatLsn(parseLsn(text) ?? -1n)).toBe(text);
    }
  });

  it('ignores anything that is not exactly a position', () => {
    for (const text of [
      '',
      '0',
      '/1',
      '1/',
      '0/3000148 ',
      ' 0/3000148',
      '0/123456789',
      '123456789/0',
      '0x1/0',
      '-1/0',
      '0/3000148,0/1',
      'G/0',
      undefined,
      ['0/1'],
      42,
    ]) {
      expect(parseLsn(text)).toBeNull();
    }
  });

  it('compares positions as numbers (a higher first part wins, whatever the text)', () => {
    const a = parseLsn('1/0') ?? 0n;
    const b = parseLsn('0/FFFFFFFF') ?? 0n;
    expect(a > b).toBe(true);
    expect((parseLsn('0/A') ?? 0n) > (parseLsn('0/9') ?? 0n)).toBe(true);
  });
});

describe('pickReplica', () => {
  const at = (replayed: bigint | null, healthy = true): ReplicaState => ({ healthy, replayed });

  it('takes healthy replicas in turn for a read that needs no position', () => {
    const replicas = [at(5n), at(1n), at(9n)];
    expect([0, 1, 2, 3].map((from) => pickReplica(replicas, null, from % 3))).toEqual([0, 1, 2, 0]);
  });

  it('skips replicas that are unhealthy or whose position is not known yet', () => {
    const replicas = [at(5n, false), at(null), at(9n)];
    expect(pickReplica(replicas, null, 0)).toBe(2);
    expect(pickReplica(replicas, null, 1)).toBe(2);
  });

  it('takes only a replica that has replayed the position a read needs', () => {
    const replicas = [at(5n), at(10n), at(7n)];
    expect(pickReplica(replicas, 8n, 0)).toBe(1);
    expect(pickReplica(replicas, 7n, 0)).toBe(1);
    expect(pickReplica(replicas, 7n, 2)).toBe(2);
    expect(pickReplica(replicas, 10n, 2)).toBe(1);
  });

  it('gives the primary (null) when no replica will do, or there is none', () => {
    expect(pickReplica([at(5n), at(7n)], 8n, 0)).toBeNull();
    expect(pickReplica([at(9n, false)], 8n, 0)).toBeNull();
    expect(pickReplica([at(9n, false)], null, 0)).toBeNull();
    expect(pickReplica([], null, 0)).toBeNull();
    expect(pickReplica([at(LSN_MAX - 1n)], LSN_MAX, 0)).toBeNull();
  });
});

describe('isReplicaFailure', () => {
  it('is a replica that cannot serve, never a bug or a request past its deadline', () => {
    expect(isReplicaFailure(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))).toBe(
      true,
    );
    expect(isReplicaFailure(new Error('Connection terminated unexpectedly'))).toBe(true);
    // Cancelled for a conflict with recovery.
    expect(isReplicaFailure(Object.assign(new Error('conflict'), { code: '40001' }))).toBe(true);
    expect(isReplicaFailure(Object.assign(new Error('syntax'), { code: '42601' }))).toBe(false);
    expect(isReplicaFailure(new TypeError('bug'))).toBe(false);
  });
});

describe('ReadReplicas', () => {
  /** Replicas whose positions the test sets; `null` position: the poll fails. */
  function router(positions: (bigint | null)[]) {
    const replicas = positions.map((_, index) => ({
      db: `replica${index}`,
      position: async () => {
        const position = positions[index];
        if (position === null || position === undefined) throw new Error('ECONNREFUSED');
        return position;
      },
    }));
    return new ReadReplicas<string>('primary', replicas, { pollIntervalMs: 10 });
  }

  it('sends reads by the polled positions, and to the primary when a poll fails', async () => {
    const positions: (bigint | null)[] = [10n, 20n];
    const reads = router(positions);
    reads.start();
    await reads.polled();
    try {
      expect(await reads.read(15n, async (db) => db)).toBe('replica1');
      expect(await reads.read(25n, async (db) => db)).toBe('primary');
      positions[1] = null;
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(reads.snapshot()[1]?.healthy).toBe(false);
      expect(await reads.read(15n, async (db) => db)).toBe('primary');
      expect(await reads.read(null, async (db) => db)).toBe('replica0');
      positions[1] = 30n;
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await reads.read(25n, async (db) => db)).toBe('replica1');
    } finally {
      reads.stop();
    }
  });

  it('runs a read again on the primary when its replica fails it, and then avoids that replica', async () => {
    const reads = router([10n]);
    reads.start();
    await reads.polled();
    reads.stop();
    const tried: string[] = [];
    const answer = await reads.read(null, async (db) => {
      tried.push(db);
      if (db !== 'primary') throw Object.assign(new Error('gone'), { code: 'ECONNRESET' });
      return 'read';
    });
    expect(answer).toBe('read');
    expect(tried).toEqual(['replica0', 'primary']);
    // Polling is stopped: it stays unhealthy, and reads go to the primary.
    expect(await reads.read(null, async (db) => db)).toBe('primary');
  });

  it('does not run a read twice for a failure of its own', async () => {
    const reads = router([10n]);
    reads.start();
    await reads.polled();
    reads.stop();
    let runs = 0;
    await expect(
      reads.read(null, async () => {
        runs += 1;
        throw new TypeError('bug');
      }),
    ).rejects.toThrow('bug');
    expect(runs).toBe(1);
  });
});
