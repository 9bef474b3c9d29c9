/** Running wrk against a URL and reading its report. */
import { spawn } from 'node:child_process';
import { pinned } from './pinning.ts';

export interface WrkResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  timeouts: number;
  socketErrors: number;
  non2xx: number;
}

/** The result of a run that measured nothing (its server failed to start, say). */
export const NOTHING_MEASURED: WrkResult = {
  requestsPerSecond: 0,
  p50Ms: Number.NaN,
  p99Ms: Number.NaN,
  requests: 0,
  timeouts: 0,
  socketErrors: 0,
  non2xx: 0,
};

/** A wrk duration ("870.00us", "1.20ms", "2.01s", "1.00m") in milliseconds. */
function toMs(value: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(value.trim());
  if (!match) return Number.NaN;
  const n = Number(match[1]);
  return match[2] === 'us'
    ? n / 1000
    : match[2] === 'ms'
      ? n
      : match[2] === 's'
        ? n * 1000
        : n * 60_000;
}

/** The figures of wrk's report (run with --latency). */
export function parseWrk(output: string): WrkResult {
  const num = (re: RegExp) => Number(re.exec(output)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    output,
  );
  return {
    requestsPerSecond: num(/Requests\/sec:\s+([\d.]+)/),
    p50Ms: toMs(/^\s+50%\s+(\S+)/m.exec(output)?.[1] ?? ''),
    p99Ms: toMs(/^\s+99%\s+(\S+)/m.exec(output)?.[1] ?? ''),
    requests: num(/(\d+) requests in/),
    timeouts: Number(socket?.[4] ?? 0),
    socketErrors: socket ? Number(socket[1]) + Number(socket[2]) + Number(socket[3]) : 0,
    non2xx: num(/Non-2xx or 3xx responses: (\d+)/),
  };
}

export interface WrkOptions {
  seconds: number;
  connections: number;
  /** How long wrk waits for one answer before counting a timeout ("2s"). */
  timeout: string;
  /** A Lua script (writes, authenticated reads). */
  script?: string;
  /** The cores wrk runs on (taskset's list), if pinned. */
  cores?: string;
}

/** One thread of wrk against `url`; throws when it measured nothing. */
export async function runWrk(url: string, options: WrkOptions): Promise<WrkResult> {
  const wrkArgs = [
    '-t1',
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    '--timeout',
    options.timeout,
    '--latency',
    ...(options.script ? ['-s', options.script] : []),
    url,
  ];
  const [command, commandArgs] = pinned('wrk', wrkArgs, options.cores);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('exit', () => resolve(out));
  });
  const result = parseWrk(output);
  if (!(result.requests > 0)) throw new Error(`wrk measured nothing:\n${output}`);
  return result;
}
