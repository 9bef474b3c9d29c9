/**
 * Every request runs under a deadline, REQUEST_DEADLINE_MS after it arrives: past it, the
 * database layer starts no statement and commits nothing (db/deadline.ts), and the client
 * gets 503. A client that gave up (a hung dependency, a lock) is never left with a write
 * committed after it was told nothing happened.
 *
 * The requests in flight are tracked, so that a shutdown that cannot wait for them any
 * longer can log which ones it cut off and stop their database work at its next step.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Deadline, runWithDeadline } from '../db/deadline.ts';

declare module 'fastify' {
  interface FastifyInstance {
    requestsInFlight: RequestTracker;
  }
  interface FastifyRequest {
    /** Set as the request arrives (null only before that). */
    deadline: Deadline | null;
  }
}

interface InFlight {
  id: string;
  method: string;
  url: string;
  startedAt: number;
  deadline: Deadline;
}

export class RequestTracker {
  private readonly requests = new Set<InFlight>();

  add(request: InFlight) {
    this.requests.add(request);
  }

  delete(request: InFlight) {
    this.requests.delete(request);
  }

  get size() {
    return this.requests.size;
  }

  /** What is in flight, for the log: no headers, no bodies. */
  describe(now = Date.now()) {
    return [...this.requests].map((r) => ({
      reqId: r.id,
      method: r.method,
      url: r.url,
      ms: now - r.startedAt,
    }));
  }

  /** Brings every deadline forward to now: each request's database work stops at its next step. */
  expireAll() {
    for (const request of this.requests) request.deadline.at = 0;
  }
}

export default fp(
  async (app: FastifyInstance, options: { deadlineMs: number }) => {
    const tracker = new RequestTracker();
    app.decorate('requestsInFlight', tracker);
    app.decorateRequest('deadline', null);

    app.addHook('onRequest', (request, reply, done) => {
      const startedAt = Date.now();
      const entry: InFlight = {
        id: request.id,
        method: request.method,
        url: request.url,
        startedAt,
        deadline: { at: startedAt + options.deadlineMs },
      };
      request.deadline = entry.deadline;
      tracker.add(entry);
      // 'close': the response was sent, or the connection went away before it was.
      reply.raw.once('close', () => tracker.delete(entry));
      reply.raw.once('finish', () => tracker.delete(entry));
      runWithDeadline(entry.deadline, done);
    });
    // Reading a body continues in the socket's async context: enter the deadline again
    // for the route's own hooks and handler.
    app.addHook('preHandler', (request, _reply, done) => {
      if (request.deadline === null) done();
      else runWithDeadline(request.deadline, done);
    });
  },
  { name: 'deadline' },
);
