import { describe, expect, it } from 'vitest';
import { parsePgbench } from './pgbench.ts';

describe("pgbench's report", () => {
  it('reads the rate without connection time and the average latency (PostgreSQL 14+)', () => {
    const output = `transaction type: <builtin: simple update>
scaling factor: 10
query mode: simple
number of clients: 50
number of threads: 2
duration: 5 s
number of transactions actually processed: 31234
number of failed transactions: 0 (0.000%)
latency average = 8.003 ms
initial connection time = 41.512 ms
tps = 6247.912345 (without initial connection time)
`;
    expect(parsePgbench(output)).toEqual({ tps: 6247.912345, latencyMs: 8.003 });
  });

  it('reads the older report, whose second tps line excludes connecting', () => {
    const output = `latency average = 9.5 ms
tps = 5200.1 (including connections establishing)
tps = 5263.2 (excluding connections establishing)
`;
    expect(parsePgbench(output)).toEqual({ tps: 5263.2, latencyMs: 9.5 });
  });

  it('gives NaN, which fails any floor, for a report it cannot read', () => {
    expect(parsePgbench('pgbench: error: connection failed')).toEqual({
      tps: Number.NaN,
      latencyMs: Number.NaN,
    });
  });
});
