/**
 * `npm run bench`: load benchmarks of the real server on seeded data, on both engines,
 * each figure next to a raw `node:http` server measured in the same run on the same
 * machine (the ratio is what travels between machines, not the req/s).
 *
 *   npm run bench -- [--engines postgres,pglite] [--questions N] [--duration 10]
 *                    [--connections 50] [--scenarios feed,search-rare,...] [--workers 1,2]
 *                    [--keep] [--reuse] [--raw-duration 5] [--pin off] [--db-prefix bench]
 *                    [--fanout-streams 2000] [--fanout-rate 50] [--fanout-seconds 20]
 *   npm run bench -- --check [--update-floors]
 *
 * PostgreSQL: a database `<prefix>_<N>` (`bench_<N>` by default) is created on the server at BENCH_POSTGRES_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres), seeded, and dropped at the end
 * unless --keep (--reuse takes a kept one as it is). PGlite: a temporary DATA_DIR.
 * Each scenario gets a fresh server (RATE_LIMITS=off, LOG_LEVEL=warn), a warm-up, then
 * wrk. With taskset, the server runs on core 0 and wrk on core 1 (PostgreSQL floats).
 *
 * --check is the short version CI runs: 10,000 questions on both engines, 5 s per scenario,
 * the feed, search, detail, like and post scenarios, each ratio held against its floor in
 * bench/floors.json; it prints a line per scenario and `N passed, M failed`, and exits 1 on
 * a failure. --update-floors measures the same and writes the floors at 60 % of the ratios.
 *
 * A full run also measures the live-events fan-out on PostgreSQL (fanout.ts; name it in
 * --scenarios to run it alone): open event streams while replies arrive, its delays from
 * send to delivery and the server's memory per 1,000 streams.
 *
 * This file runs the plan; wrk.ts runs wrk, servers.ts the processes, targets.ts the seeded
 * databases, scenarios.ts what is measured, floors.ts the check and report.ts the output.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type FanoutResult, fanoutLine, measureFanout } from './fanout.ts';
import {
  CHECK_SCENARIOS,
  CHECK_SKIPS,
  CHECK_TRIES,
  checkFloors,
  type Floors,
  meetsFloor,
  readFloors,
  writeFloors,
} from './floors.ts';
import { measurePgbench } from './pgbench.ts';
import { commandExists, pinningFor } from './pinning.ts';
import { type Row, saveResults, table } from './report.ts';
import { runScenario, SCENARIOS, type Scenario } from './scenarios.ts';
import { REPO_ROOT, type RunningServer, startRawNode, stopProcess } from './servers.ts';
import { type Engine, preparePglite, preparePostgres, type Target } from './targets.ts';
import { NOTHING_MEASURED, runWrk } from './wrk.ts';

const RESULTS_DIR = path.join(REPO_ROOT, 'bench/results');

const { values: args } = parseArgs({
  options: {
    engines: { type: 'string', default: 'postgres,pglite' },
    questions: { type: 'string' },
    duration: { type: 'string' },
    warmup: { type: 'string' },
    'raw-duration': { type: 'string' },
    connections: { type: 'string', default: '50' },
    scenarios: { type: 'string' },
    /** The short run against bench/floors.json (CI). */
    check: { type: 'boolean', default: false },
    /** The short run, writing bench/floors.json from the measured ratios. */
    'update-floors': { type: 'boolean', default: false },
    workers: { type: 'string', default: '1' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
    /** off: no taskset (for --workers above 1, which need every core). */
    pin: { type: 'string', default: 'on' },
    /** The live-events fan-out (PostgreSQL, full runs): open streams, replies a second, seconds. */
    'fanout-streams': { type: 'string', default: '2000' },
    'fanout-rate': { type: 'string', default: '50' },
    'fanout-seconds': { type: 'string', default: '20' },
    /** Names the PostgreSQL databases `<prefix>_<N>`, so that runs side by side do not meet. */
    'db-prefix': { type: 'string', default: 'bench' },
  },
});
const checking = args.check || args['update-floors'];
const engines = args.engines.split(',').map((e) => e.trim()) as Engine[];
const duration = Number(args.duration ?? (checking ? 5 : 10));
const warmup = Number(args.warmup ?? (checking ? 2 : 3));
const rawDuration = Number(args['raw-duration'] ?? (checking ? 3 : 5));
const connections = Number(args.connections);
const workerCounts = checking ? [1] : args.workers.split(',').map(Number);
const questionsFor = (engine: Engine) =>
  args.questions ? Number(args.questions) : engine === 'postgres' && !checking ? 100_000 : 10_000;
const pinning = pinningFor(args.pin !== 'off');
/** How wrk measures for `seconds`; the check counts slow answers rather than losing them. */
const wrkFor = (seconds: number) => ({
  seconds,
  connections,
  timeout: checking ? '10s' : '2s',
  cores: pinning?.wrk,
});

const POSTGRES_SERVER_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function prepare(engine: Engine, questions: number): Promise<Target> {
  if (engine === 'pglite') return preparePglite(questions);
  return preparePostgres(questions, {
    maintenanceUrl: POSTGRES_SERVER_URL,
    prefix: args['db-prefix'],
    // The check's own database, so that it never meets a kept one or a parallel run's.
    throwaway: checking,
    reuse: args.reuse,
    keep: args.keep,
  });
}

/** The scenarios that write, each also reported as a ratio to pgbench -N. */
const WRITES = new Set(['like', 'post', 'post-keyed', 'reply', 'reply-keyed']);

/** What every scenario of a run shares. */
interface Run {
  /** The raw node:http baseline, measured beside each scenario. */
  raw: RunningServer;
  scriptDir: string;
  /** The floors, when checking against them. */
  floors: Floors | undefined;
}

/**
 * One scenario's row: its req/s against raw node:http measured just before it. This
 * machine's load drifts (it is shared), so each ratio uses its own adjacent baseline.
 */
async function measureScenario(
  run: Run,
  target: Target,
  scenario: Scenario,
  workers: number,
  databaseLimit: Row | undefined,
): Promise<Row> {
  const adjacent = await runWrk(`${run.raw.base}/`, wrkFor(rawDuration));
  const result = await runScenario(target, scenario, {
    workers,
    scriptDir: run.scriptDir,
    warmupSeconds: warmup,
    wrk: wrkFor(duration),
    serverCores: pinning?.server,
  }).catch((error: unknown) => {
    // The check reports a scenario that measured nothing as failed, and goes on.
    if (!checking) throw error;
    console.log(`  ${scenario.name}: ${String(error).split('\n')[0]}`);
    return NOTHING_MEASURED;
  });
  const row: Row = {
    ...result,
    scenario: scenario.name,
    label: scenario.label,
    engine: target.engine,
    workers,
    questions: target.questions,
    ratio: result.requestsPerSecond / adjacent.requestsPerSecond,
    rawRequestsPerSecond: adjacent.requestsPerSecond,
    ...(databaseLimit && WRITES.has(scenario.name)
      ? { ratioToPgbench: result.requestsPerSecond / databaseLimit.requestsPerSecond }
      : {}),
  };
  console.log(
    `  ${scenario.name}${workers > 1 ? ` x${workers}` : ''}: ${result.requestsPerSecond.toFixed(0)} req/s, ratio ${row.ratio.toFixed(3)}, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, timeouts ${result.timeouts}, non-2xx ${result.non2xx}`,
  );
  return row;
}

/**
 * The check measures a scenario that misses its floor again, up to CHECK_TRIES in all, and
 * keeps the best: a shared machine's noise only ever slows a run down, so the best of three
 * is the steadier figure, while a 2x regression misses every time.
 */
async function measureBest(
  run: Run,
  target: Target,
  scenario: Scenario,
  workers: number,
  databaseLimit: Row | undefined,
) {
  const floor = run.floors?.[target.engine]?.[scenario.name];
  const toPgbench = target.engine === 'postgres' ? run.floors?.pgbench?.[scenario.name] : undefined;
  let best: Row | undefined;
  for (let attempt = 1; attempt <= (checking ? CHECK_TRIES : 1); attempt += 1) {
    if (attempt > 1)
      console.log(
        `  ${scenario.name}: missed its floor, measuring again (${attempt} of ${CHECK_TRIES})`,
      );
    const row = await measureScenario(run, target, scenario, workers, databaseLimit);
    const passes = floor === undefined || meetsFloor(row, floor, toPgbench);
    if (passes || !best || row.ratio > best.ratio) best = row;
    best.attempts = attempt;
    if (passes) break;
  }
  return best;
}

/**
 * PostgreSQL's own simple-update rate (pgbench.ts), next to raw node:http measured just
 * before it, as a row of its own.
 */
async function measureDatabaseLimit(run: Run): Promise<Row> {
  const adjacent = await runWrk(`${run.raw.base}/`, wrkFor(rawDuration));
  const result = await measurePgbench(POSTGRES_SERVER_URL, {
    clients: connections,
    seconds: duration,
  });
  console.log(
    `  pgbench -N: ${result.transactionsPerSecond.toFixed(0)} tps, latency average ${result.latencyAverageMs.toFixed(2)} ms`,
  );
  return {
    ...NOTHING_MEASURED,
    requests: Math.round(result.transactionsPerSecond * result.seconds),
    requestsPerSecond: result.transactionsPerSecond,
    scenario: 'pgbench',
    label: `pgbench -N (PostgreSQL alone; latency average ${result.latencyAverageMs.toFixed(2)} ms)`,
    engine: 'postgres',
    workers: 1,
    questions: 0,
    ratio: result.transactionsPerSecond / adjacent.requestsPerSecond,
    rawRequestsPerSecond: adjacent.requestsPerSecond,
  };
}

/** Every chosen scenario on `target`, at each worker count (PostgreSQL only has several). */
async function measureTarget(run: Run, target: Target, chosen: Scenario[]): Promise<Row[]> {
  const rows: Row[] = [];
  const limit =
    target.engine === 'postgres' && chosen.some((s) => WRITES.has(s.name))
      ? await measureDatabaseLimit(run)
      : undefined;
  if (limit) rows.push(limit);
  for (const workers of target.engine === 'postgres' ? workerCounts : [1]) {
    for (const scenario of chosen) {
      if (checking && CHECK_SKIPS[target.engine]?.includes(scenario.name)) continue;
      const best = await measureBest(run, target, scenario, workers, limit);
      if (best) rows.push(best);
    }
  }
  return rows;
}

async function main() {
  const names = args.scenarios?.split(',') ?? (checking ? CHECK_SCENARIOS : undefined);
  const chosen = names ? SCENARIOS.filter((s) => names.includes(s.name)) : SCENARIOS;
  const rows: Row[] = [];
  const seedTimes: Partial<Record<Engine, number>> = {};
  // The fan-out is not a wrk scenario: it runs on PostgreSQL in full runs, or when named.
  const fanoutChosen = names ? names.includes('fanout') : !checking;
  let fanout: FanoutResult | undefined;
  const started = new Date();

  console.log(`Baseline: raw node:http, ${connections} connections, ${duration} s`);
  const run: Run = {
    floors: args.check ? await readFloors() : undefined,
    scriptDir: await mkdtemp(path.join(tmpdir(), 'bench-lua-')),
    // Last: nothing may fail between starting it and the `try` that stops it.
    raw: await startRawNode(pinning?.server),
  };
  // A failed run leaves no process behind: the baseline server is stopped whatever happens.
  try {
    await runWrk(`${run.raw.base}/`, wrkFor(warmup));
    const baseline = await runWrk(`${run.raw.base}/`, wrkFor(duration));
    rows.push({
      ...baseline,
      scenario: 'raw',
      label: 'raw node:http hello',
      engine: 'node:http',
      workers: 1,
      questions: 0,
      ratio: 1,
      rawRequestsPerSecond: baseline.requestsPerSecond,
    });
    console.log(`  ${baseline.requestsPerSecond.toFixed(0)} req/s`);

    for (const engine of engines) {
      const questions = questionsFor(engine);
      console.log(`\n${engine}: preparing ${questions.toLocaleString('en')} questions`);
      const target = await prepare(engine, questions);
      if (target.seedMilliseconds !== undefined) seedTimes[engine] = target.seedMilliseconds;
      try {
        rows.push(...(await measureTarget(run, target, chosen)));
        if (engine === 'postgres' && fanoutChosen) {
          fanout = await measureFanout(target, {
            streams: Number(args['fanout-streams']),
            threads: 40,
            repliesPerSecond: Number(args['fanout-rate']),
            seconds: Number(args['fanout-seconds']),
          });
          console.log(`  ${fanoutLine(fanout)}`);
        }
      } finally {
        await target.cleanup();
      }
    }
  } finally {
    await stopProcess(run.raw.child);
    await rm(run.scriptDir, { recursive: true, force: true });
  }

  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`;
  const markdown = `${table(rows)}\n\n${started.toISOString().slice(0, 16)}Z, ${machine}; ${connections} connections, ${duration} s per scenario after ${warmup} s of warm-up${pinning ? `; server on core ${pinning.server}, wrk on core ${pinning.wrk}` : ''}.${fanout ? `\n\n${fanoutLine(fanout)}.` : ''}`;
  console.log(`\n${markdown}`);
  const file = await saveResults(RESULTS_DIR, started, {
    machine,
    connections,
    duration,
    warmup,
    pinned: pinning !== undefined,
    seedTimes,
    fanout,
    rows,
  });
  console.log(`\nResults: ${path.relative(REPO_ROOT, file)}`);
  if (args['update-floors'])
    await writeFloors(rows, `${started.toISOString().slice(0, 16)}Z, ${machine}`);
  else if (run.floors && !checkFloors(rows, run.floors)) process.exitCode = 1;
}

if (!commandExists('wrk')) {
  console.error('wrk is not installed (Debian: apt-get install wrk).');
  process.exit(2);
}
if (engines.includes('postgres') && !commandExists('pgbench')) {
  console.error('pgbench is not installed (Debian: it comes with the postgresql package).');
  process.exit(2);
}
await main();
