/**
 * The check (`npm run bench -- --check`, run by CI): each scenario's ratio to raw
 * `node:http` held to its floor in bench/floors.json, and `--update-floors`, which writes
 * the floors from a run.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Row } from './report.ts';
import type { Engine } from './targets.ts';

const FLOORS_FILE = path.resolve(import.meta.dirname, '../floors.json');

/** The scenarios the check holds to a floor. */
export const CHECK_SCENARIOS = [
  'feed',
  'search-rare',
  'search-fixed',
  'search-common',
  'detail',
  'reports',
  'like',
  'post',
  'reply',
];
/**
 * Left out of the check: posting and replying on PGlite complete little within 5 s on the shared
 * machine the floors were measured on (a backlog of writes from the warm-up, one connection).
 */
export const CHECK_SKIPS: Partial<Record<Engine, string[]>> = { pglite: ['post', 'reply'] };
/** How many times, at most, the check measures a scenario that misses its floor. */
export const CHECK_TRIES = 3;
/** Floors sit at this share of the measured ratios: noise passes, a 2x regression fails. */
const FLOOR_SHARE = 0.6;
/**
 * Failed requests beyond this share of a scenario's requests fail it, whatever its ratio: a
 * broken route fails nearly all, while a loaded machine times out a few (wrk's timeout, or
 * the server's request deadline).
 */
const ERROR_SHARE = 0.1;

/**
 * The least ratio to raw node:http each scenario must reach, by engine and scenario; and
 * under `pgbench`, the least ratio of PostgreSQL's writes to pgbench -N in the same run
 * (pgbench.ts).
 */
export type Floors = Partial<Record<Engine | 'pgbench', Record<string, number>>>;

/** The row of pgbench itself: the machine's figure, measured, not held to a floor. */
const isDatabaseLimit = (row: Row) => row.scenario === 'pgbench';

/** bench/floors.json */
interface FloorsFile {
  measured: string;
  share: number;
  floors: Floors;
}

/** The floors at FLOOR_SHARE of the ratios `rows` measured. */
export function floorsOf(rows: Row[]): Floors {
  const floors: Floors = {};
  const share = (ratio: number) => Number((ratio * FLOOR_SHARE).toPrecision(2));
  for (const row of rows) {
    if (row.engine === 'node:http' || row.requests === 0 || isDatabaseLimit(row)) continue;
    floors[row.engine] = { ...floors[row.engine], [row.scenario]: share(row.ratio) };
    if (row.ratioToPgbench !== undefined)
      floors.pgbench = { ...floors.pgbench, [row.scenario]: share(row.ratioToPgbench) };
  }
  return floors;
}

export async function writeFloors(rows: Row[], measured: string) {
  const floors = floorsOf(rows);
  const file: FloorsFile = { measured, share: FLOOR_SHARE, floors };
  await writeFile(FLOORS_FILE, `${JSON.stringify(file, null, 2)}\n`);
  console.log(`\nFloors written to ${path.relative(process.cwd(), FLOORS_FILE)}:`);
  console.log(JSON.stringify(floors, null, 2));
}

export async function readFloors(): Promise<Floors> {
  return (JSON.parse(await readFile(FLOORS_FILE, 'utf8')) as FloorsFile).floors;
}

/** Why a row fails its floor (and its floor to pgbench -N, if any); none when it passes. */
export function floorProblems(row: Row, floor: number, toPgbench?: number): string[] {
  const errors = row.timeouts + row.non2xx + row.socketErrors;
  return [
    row.requests === 0 ? 'measured nothing' : '',
    !(row.ratio >= floor) ? 'below its floor' : '',
    toPgbench !== undefined &&
    row.ratioToPgbench !== undefined &&
    !(row.ratioToPgbench >= toPgbench)
      ? 'below its floor to pgbench -N'
      : '',
    errors > row.requests * ERROR_SHARE ? `${errors} failed requests of ${row.requests}` : '',
  ].filter(Boolean);
}

export const meetsFloor = (row: Row, floor: number, toPgbench?: number) =>
  floorProblems(row, floor, toPgbench).length === 0;

/** Prints a line per scenario and `N passed, M failed`; true when all passed. */
export function checkFloors(rows: Row[], floors: Floors): boolean {
  let passed = 0;
  let failed = 0;
  console.log('\nCheck against bench/floors.json:');
  for (const row of rows) {
    if (row.engine === 'node:http' || isDatabaseLimit(row)) continue;
    const floor = floors[row.engine]?.[row.scenario];
    const toPgbench = row.engine === 'postgres' ? floors.pgbench?.[row.scenario] : undefined;
    const problems =
      floor === undefined
        ? ['no floor in bench/floors.json']
        : floorProblems(row, floor, toPgbench);
    const ok = problems.length === 0;
    if (ok) passed += 1;
    else failed += 1;
    console.log(
      `  ${ok ? 'PASS' : 'FAIL'} ${row.engine} ${row.scenario}: ratio ${row.ratio.toFixed(4)}, floor ${floor ?? '-'}${row.ratioToPgbench === undefined ? '' : `; to pgbench -N ${row.ratioToPgbench.toFixed(4)}, floor ${toPgbench ?? '-'}`}${(row.attempts ?? 1) > 1 ? `, best of ${row.attempts} runs` : ''}${ok ? '' : ` (${problems.join('; ')})`}`,
    );
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0;
}
