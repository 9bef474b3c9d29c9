/**
 * Connections that never sent a request. Browsers and fetch open spare connections ahead
 * of need; Node counts such a connection as busy (it waits for headers), so
 * `closeIdleConnections()` leaves it, and closing the server would wait for it until its
 * headers timeout ran out (a minute). Nothing was asked on it, so on close it is ended.
 */
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export function endSilentConnectionsOnClose(app: FastifyInstance) {
  const sockets = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  app.addHook('preClose', async () => {
    for (const socket of sockets) if (socket.bytesRead === 0) socket.destroy();
  });
}
