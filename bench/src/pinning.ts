/**
 * Which cores the benchmarks' processes run on. On a machine of two or more cores with
 * `taskset`, the server runs on core 0 and wrk on core 1, so that the load generator does
 * not take the server's time; the database is not pinned.
 */
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';

export interface Pinning {
  server: string;
  wrk: string;
}

export function commandExists(name: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** The cores to pin to, or none when not wanted or not possible here. */
export function pinningFor(wanted: boolean): Pinning | undefined {
  return wanted && cpus().length >= 2 && commandExists('taskset')
    ? { server: '0', wrk: '1' }
    : undefined;
}

/** `command` run on `cores` (taskset's list), or as it is when there are none. */
export function pinned(
  command: string,
  commandArgs: string[],
  cores: string | undefined,
): [string, string[]] {
  return cores === undefined
    ? [command, commandArgs]
    : ['taskset', ['-c', cores, command, ...commandArgs]];
}
