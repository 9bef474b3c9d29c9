/**
 * The replica paused (`pg_wal_replay_pause()`), so that it lags for as long as the test
 * likes: through the balancer, whichever instance answers, a writer's reads still see its
 * writes (by the `Read-After` position its write was answered with, or by the recent-writer
 * record its identity left in the shared Redis), and strangers' reads are answered from the
 * past, never with an error.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../scripts/topology/processes.ts';
import type { TopologyState } from '../../scripts/topology/state.ts';
import {
  apiClient,
  balancerOf,
  eventually,
  newKey,
  questionIds,
  topology,
  uid,
} from './support.ts';

/** One statement on the replica (psql, trusted on 127.0.0.1), its single value as text. */
function onReplica(state: TopologyState, statement: string): Promise<string> {
  return runCommand(path.join(state.postgres.bin, 'psql'), [
    ...['-h', '127.0.0.1', '-p', String(state.postgres.replicaPort), '-U', 'postgres'],
    ...['-d', state.database, '-XAtc', statement],
  ]).then((out) => out.trim());
}

describe('the replica paused', () => {
  let paused: TopologyState | null = null;
  afterAll(async () => {
    if (paused) await onReplica(paused, 'SELECT pg_wal_replay_resume()');
  });

  it('writers see their own writes; strangers see the past, never an error', async () => {
    const state = await topology();
    const seen: { call: string; status: number; body: string }[] = [];
    const api = apiClient(balancerOf(state), seen);
    const word = `lag${uid()}`;
    const ask = (key: string, text: string) =>
      api('POST', '/api/questions/', {
        key,
        body: { text: `<p>${text}</p>`, tag_names: [word], gender: 'U', age_range: 'U' },
      });

    // A question everyone can see, replayed on the replica before it stops.
    const earlier = await ask(newKey(), `Before the pause ${word}`);
    expect(earlier.status).toBe(201);
    const thread: number = earlier.json.id;
    const replayed = await eventually(
      async () => questionIds(await api('GET', `/api/questions/?search=${word}`)).includes(thread),
      10_000,
    );
    expect(replayed, 'the replica never replayed the first question').toBe(true);

    await onReplica(state, 'SELECT pg_wal_replay_pause()');
    paused = state;
    expect(
      await eventually(
        async () => (await onReplica(state, 'SELECT pg_get_wal_replay_pause_state()')) === 'paused',
        10_000,
      ),
    ).toBe(true);

    // The writer: a question and a reply, each answered with its log position.
    const writer = newKey();
    const asked = await ask(writer, `During the pause ${word}`);
    expect(asked.status, asked.text).toBe(201);
    const question: number = asked.json.id;
    const position = asked.headers.get('read-after');
    expect(position).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/i);
    const replied = await api('POST', `/api/questions/${thread}/answers/`, {
      key: writer,
      body: { text: `Seen by its writer ${word}`, session_id: writer },
    });
    expect(replied.status, replied.text).toBe(201);
    const latest = replied.headers.get('read-after') ?? '';

    // Several reads each, so that every instance answers some: with the position alone, with
    // the identity alone (the recent-writer record), and with both.
    for (let round = 0; round < 3; round += 1) {
      const byPosition = { headers: { 'Read-After': latest } };
      expect(questionIds(await api('GET', `/api/questions/?search=${word}`, byPosition))).toContain(
        question,
      );
      expect((await api('GET', `/api/questions/${question}/`, byPosition)).status).toBe(200);
      const own = await api('GET', `/api/questions/${thread}/`, { key: writer });
      expect(own.status).toBe(200);
      expect(own.text).toContain(`Seen by its writer ${word}`);
      const both = await api('GET', `/api/questions/${question}/`, { key: writer, ...byPosition });
      expect(both.status).toBe(200);
    }

    // Strangers: the replica's past, answered 200 (a question it has not replayed is not
    // there yet, as before it was asked: 404).
    for (let round = 0; round < 3; round += 1) {
      const feed = await api('GET', `/api/questions/?search=${word}`);
      expect(feed.status).toBe(200);
      expect(questionIds(feed)).toEqual([thread]);
      const old = await api('GET', `/api/questions/${thread}/`, { key: newKey() });
      expect(old.status).toBe(200);
      expect(old.text).not.toContain(`Seen by its writer ${word}`);
      expect([200, 404]).toContain((await api('GET', `/api/questions/${question}/`)).status);
      expect((await api('GET', '/api/tags/')).status).toBe(200);
      expect((await api('GET', '/api/questions/')).status).toBe(200);
    }

    await onReplica(state, 'SELECT pg_wal_replay_resume()');
    paused = null;
    // Replayed again, strangers catch up.
    expect(
      await eventually(
        async () =>
          questionIds(await api('GET', `/api/questions/?search=${word}`)).includes(question),
        10_000,
      ),
    ).toBe(true);
    expect(seen.filter((s) => s.status >= 500)).toEqual([]);
  });
});
