import { describe, expect, it } from 'vitest';
import { floorProblems, floorsOf } from './floors.ts';
import type { Row } from './report.ts';

function row(fields: Partial<Row>): Row {
  return {
    scenario: 'feed',
    label: 'feed, page 1',
    engine: 'postgres',
    workers: 1,
    questions: 10_000,
    ratio: 0.5,
    rawRequestsPerSecond: 10_000,
    requestsPerSecond: 5_000,
    p50Ms: 5,
    p99Ms: 20,
    requests: 25_000,
    timeouts: 0,
    socketErrors: 0,
    non2xx: 0,
    ...fields,
  };
}

describe('the check against the floors', () => {
  it('passes a scenario at or above its floor with few failed requests', () => {
    expect(floorProblems(row({ ratio: 0.3 }), 0.3)).toEqual([]);
    expect(floorProblems(row({ timeouts: 2_500 }), 0.3)).toEqual([]);
  });

  it('fails one below its floor, one that measured nothing, and one with many failures', () => {
    expect(floorProblems(row({ ratio: 0.29 }), 0.3)).toEqual(['below its floor']);
    expect(floorProblems(row({ requests: 0, ratio: 0 }), 0.3)).toEqual([
      'measured nothing',
      'below its floor',
    ]);
    expect(floorProblems(row({ non2xx: 2_000, socketErrors: 501 }), 0.3)).toEqual([
      '2501 failed requests of 25000',
    ]);
    expect(floorProblems(row({ ratio: Number.NaN }), 0.3)).toEqual(['below its floor']);
  });

  it('sets floors at 60 % of the measured ratios, per engine, leaving out the baseline', () => {
    const floors = floorsOf([
      row({ engine: 'node:http', scenario: 'raw', ratio: 1 }),
      row({ scenario: 'feed', ratio: 0.4567 }),
      row({ scenario: 'detail', ratio: 0.1 }),
      row({ engine: 'pglite', scenario: 'feed', ratio: 0.2 }),
      row({ engine: 'pglite', scenario: 'post', requests: 0, ratio: 0 }),
    ]);
    expect(floors).toEqual({ postgres: { feed: 0.27, detail: 0.06 }, pglite: { feed: 0.12 } });
  });

  it("holds PostgreSQL's writes to a share of pgbench -N too, and not pgbench itself", () => {
    const floors = floorsOf([
      row({ scenario: 'pgbench', ratio: 0.5 }),
      row({ scenario: 'like', ratio: 0.1, ratioToPgbench: 0.4 }),
    ]);
    expect(floors).toEqual({ postgres: { like: 0.06 }, pgbench: { like: 0.24 } });
    const like = row({ scenario: 'like', ratio: 0.1, ratioToPgbench: 0.2 });
    expect(floorProblems(like, 0.06, 0.24)).toEqual(['below its floor to pgbench -N']);
    expect(floorProblems(like, 0.06, 0.2)).toEqual([]);
    expect(floorProblems(like, 0.06)).toEqual([]);
  });
});
