/**
 * A redis-server of the test's own, on a free port, that the test may kill, restart,
 * freeze (SIGSTOP) and thaw (SIGCONT). The machine's shared Redis is never touched.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { Redis } from 'ioredis';
import { freePort, sleep } from './faults/support.ts';

export interface PrivateRedis {
  url: string;
  /** A client of the test's own, to look at the keys the server wrote. */
  client(): Redis;
  start(): Promise<void>;
  /** SIGKILL: gone at once, with everything it held (no persistence). */
  kill(): Promise<void>;
  freeze(): void;
  thaw(): void;
  destroy(): Promise<void>;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const clients: Redis[] = [];
  const instance: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    client() {
      const client = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 1 });
      client.on('error', () => {});
      clients.push(client);
      return client;
    },
    async start() {
      const server = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      child = server;
      const probe = new Redis(port, '127.0.0.1', {
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      probe.on('error', () => {});
      try {
        for (let attempt = 0; attempt < 200; attempt += 1) {
          if (server.exitCode !== null) throw new Error('redis-server exited during start-up');
          try {
            await probe.connect();
            if ((await probe.ping()) === 'PONG') return;
          } catch {
            probe.disconnect();
            await sleep(50);
          }
        }
        throw new Error('redis-server did not start');
      } finally {
        probe.disconnect();
      }
    },
    async kill() {
      const running = child;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGCONT');
      running.kill('SIGKILL');
      await exited;
    },
    freeze() {
      child?.kill('SIGSTOP');
    },
    thaw() {
      child?.kill('SIGCONT');
    },
    async destroy() {
      for (const client of clients) client.disconnect();
      await instance.kill();
    },
  };
  await instance.start();
  return instance;
}
