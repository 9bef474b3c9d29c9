/**
 * Instances share nothing but PostgreSQL and Redis: a reply written through one reaches an
 * event stream held on another (the change feed LISTENs on the primary directly, since
 * LISTEN does not survive PgBouncer in transaction mode), within a second.
 */
import { describe, expect, it } from 'vitest';
import { apiClient, eventually, instanceUrl, newKey, openStream, topology } from './support.ts';

describe('live events across instances', () => {
  it('a reply written on one instance reaches a stream on another within 1 s', async () => {
    const state = await topology();
    const seen: { call: string; status: number; body: string }[] = [];
    const count = state.servers.length;
    for (let writer = 0; writer < count; writer += 1) {
      const holder = (writer + 1) % count;
      const api = apiClient(instanceUrl(state, writer), seen);
      const asker = newKey();
      const asked = await api('POST', '/api/questions/', {
        key: asker,
        body: { text: '<p>Too soon to call?</p>', tag_names: [], gender: 'U', age_range: 'U' },
      });
      expect(asked.status, asked.text).toBe(201);
      const stream = await openStream(
        `${instanceUrl(state, holder)}/api/events/?question=${asked.json.id}`,
      );
      try {
        const replier = newKey();
        const written = Date.now();
        const reply = await api('POST', `/api/questions/${asked.json.id}/answers/`, {
          key: replier,
          body: { text: 'Call when it feels right.', session_id: replier },
        });
        expect(reply.status, reply.text).toBe(201);
        const arrived = await eventually(
          () => stream.received.includes(`"answer":${reply.json.id}`),
          1_000,
        );
        expect(
          arrived,
          `reply ${reply.json.id} written on app${writer + 1} after ${Date.now() - written} ms, stream on app${holder + 1}: ${stream.received}`,
        ).toBe(true);
      } finally {
        stream.close();
      }
    }
  });
});
