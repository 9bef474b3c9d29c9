/**
 * The database's own write limit on this machine: pgbench's simple-update transaction
 * (`pgbench -N`: an UPDATE of one account, a SELECT of it and an INSERT into the history,
 * in one transaction) with as many clients as wrk has connections, in the same run as the
 * scenarios. Each write scenario is reported as a ratio to it too: how near the site's
 * writes come to what PostgreSQL itself commits here, which raw `node:http` cannot say.
 *
 * A throwaway database of its own on the benchmark's server, at scale 10 (1,000,000
 * accounts, enough that 50 clients rarely meet on a row), dropped afterwards.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export interface PgbenchResult {
  transactionsPerSecond: number;
  latencyAverageMs: number;
  clients: number;
  seconds: number;
}

/** The figures of pgbench's report. */
export function parsePgbench(output: string): { tps: number; latencyMs: number } {
  // PostgreSQL 14+ prints "tps = 1234.5 (without initial connection time)"; older ones
  // print an "excluding connections establishing" line as well: either is the one wanted.
  const tps =
    /tps = ([\d.]+) \((?:without initial connection time|excluding connections establishing)\)/.exec(
      output,
    )?.[1];
  const latency = /latency average = ([\d.]+) ms/.exec(output)?.[1];
  return { tps: Number(tps ?? Number.NaN), latencyMs: Number(latency ?? Number.NaN) };
}

/** pgbench -N with `clients` clients for `seconds` on a database of its own at `serverUrl`. */
export async function measurePgbench(
  serverUrl: string,
  options: { clients: number; seconds: number },
): Promise<PgbenchResult> {
  const name = `pgbench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    try {
      await run('pgbench', ['-i', '-q', '-s', '10', url.href]);
      const { stdout } = await run('pgbench', [
        '-N',
        '-n',
        '-c',
        String(options.clients),
        '-j',
        '2',
        '-T',
        String(options.seconds),
        url.href,
      ]);
      const { tps, latencyMs } = parsePgbench(stdout);
      return {
        transactionsPerSecond: tps,
        latencyAverageMs: latencyMs,
        clients: options.clients,
        seconds: options.seconds,
      };
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}
