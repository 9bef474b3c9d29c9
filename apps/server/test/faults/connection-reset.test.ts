/**
 * A client that sends requests and resets its connection at once (a balancer giving up on
 * a request, a browser cancelling one, anyone at all): by the time the request is logged,
 * Node no longer knows the connection's peer, so its address is undefined. Hashing that
 * address for the request log threw, uncaught, and the whole process exited: one
 * connection took an instance down. Found on the topology (e2e/topology), where HAProxy's
 * connections did it; here a raw socket does it, to the real server process.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, sleep, startServer, tempDir } from './support.ts';

/** Two pipelined requests, then a reset (RST) before any answer. */
function sendAndReset(port: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      const request = 'GET /api/health/ HTTP/1.1\r\nHost: localhost\r\n\r\n';
      socket.write(request + request);
      socket.resetAndDestroy();
      resolve();
    });
    socket.on('error', () => resolve());
  });
}

describe('requests whose connection is reset at once', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    // Requests are logged at info: the line that threw.
    server = await startServer({ dataDir: await tempDir('reset-'), logLevel: 'info' });
  }, 120_000);
  afterAll(async () => {
    await server?.stop('SIGKILL');
  });

  it('are logged without an address, and the server goes on', async () => {
    const port = Number(new URL(server.baseUrl).port);
    for (let i = 0; i < 100; i += 1) await sendAndReset(port);
    await sleep(300);
    expect(server.child.exitCode, server.output().slice(-2_000)).toBeNull();
    const health = await fetch(`${server.baseUrl}/api/health/`);
    expect(health.status).toBe(200);
    expect(server.output()).toContain('"client":null');
  }, 60_000);
});
