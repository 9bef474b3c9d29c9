/** A benchmark run's rows: the Markdown table it prints and the JSON file it keeps. */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Engine } from './targets.ts';
import type { WrkResult } from './wrk.ts';

export interface Row extends WrkResult {
  scenario: string;
  label: string;
  engine: Engine | 'node:http';
  workers: number;
  questions: number;
  ratio: number;
  /** The raw node:http req/s measured just before this row's scenario. */
  rawRequestsPerSecond: number;
  /** How many times the check measured this scenario (it keeps the best). */
  attempts?: number;
  /** A write's req/s over PostgreSQL's own pgbench -N tps in the same run (pgbench.ts). */
  ratioToPgbench?: number;
  /** The server's peak resident set in MB (scenarios.ts). */
  peakRssMb?: number;
}

export function table(rows: Row[]): string {
  const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
  const lines = [
    '| scenario | engine | questions | req/s | node:http req/s | ratio | ÷ pgbench -N | p50 ms | p99 ms | server peak RSS MB | errors |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of rows) {
    const errors = [
      r.timeouts ? `${r.timeouts} timeouts` : '',
      r.non2xx ? `${r.non2xx} non-2xx` : '',
      r.socketErrors ? `${r.socketErrors} socket` : '',
    ]
      .filter(Boolean)
      .join(', ');
    lines.push(
      `| ${r.label}${r.workers > 1 ? ` (${r.workers} workers)` : ''} | ${r.engine} | ${r.questions ? r.questions.toLocaleString('en') : ''} | ${fmt(r.requestsPerSecond, 0)} | ${fmt(r.rawRequestsPerSecond, 0)} | ${fmt(r.ratio, 3)} | ${r.ratioToPgbench === undefined ? '' : fmt(r.ratioToPgbench, 3)} | ${fmt(r.p50Ms, 2)} | ${fmt(r.p99Ms, 2)} | ${r.peakRssMb === undefined ? '' : fmt(r.peakRssMb, 0)} | ${errors || '0'} |`,
    );
  }
  return lines.join('\n');
}

/** Writes the run into `dir` as `<start time>.json`; returns the file's path. */
export async function saveResults(
  dir: string,
  started: Date,
  results: Record<string, unknown> & { rows: Row[] },
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${started.toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(file, `${JSON.stringify({ started, ...results }, null, 2)}\n`);
  return file;
}
