/**
 * PgBouncer killed and started again under load: what was in flight, and what came while
 * it was gone, answers 503 (never 500, never a hang), and once it is back the calls succeed.
 */
import { describe, expect, it } from 'vitest';
import { startPgbouncer } from '../../scripts/topology/pgbouncer.ts';
import { killProcess } from '../../scripts/topology/processes.ts';
import { apiClient, balancerOf, newKey, saveState, sleep, topology } from './support.ts';

/** A call that has not answered in this long hangs. */
const HANG_MS = 12_000;

describe('PgBouncer restarted', () => {
  it('requests in flight answer 503, and the next ones succeed', async () => {
    const state = await topology();
    const seen: { call: string; status: number; body: string }[] = [];
    const api = apiClient(balancerOf(state), seen);
    const key = newKey();
    const asked = await api('POST', '/api/questions/', {
      key,
      body: { text: '<p>Pooler test</p>', tag_names: [], gender: 'U', age_range: 'U' },
    });
    expect(asked.status, asked.text).toBe(201);
    const question: number = asked.json.id;

    /** Every call of the load: its status, or 0 when it hung or the connection broke. */
    const outcomes: { started: number; at: number; status: number; call: string }[] = [];
    const once = async (round: number) => {
      const replier = newKey();
      const calls: [string, () => ReturnType<typeof api>][] = [
        [
          'reply',
          () =>
            api('POST', `/api/questions/${question}/answers/`, {
              key: replier,
              body: { text: `Load ${round}`, session_id: replier },
              timeoutMs: HANG_MS,
            }),
        ],
        ['thread', () => api('GET', `/api/questions/${question}/`, { key, timeoutMs: HANG_MS })],
        [
          'search',
          () => api('GET', `/api/questions/?search=pooler${round}`, { timeoutMs: HANG_MS }),
        ],
      ];
      for (const [call, run] of calls) {
        const started = Date.now();
        const status = await run().then(
          (answer) => answer.status,
          () => 0,
        );
        outcomes.push({ started, at: Date.now(), status, call });
      }
    };
    let running = true;
    const worker = async (id: number) => {
      for (let round = 0; running; round += 1) await once(id * 10_000 + round);
    };
    const workers = Promise.all(Array.from({ length: 6 }, (_, id) => worker(id)));

    await sleep(1_500);
    const killedAt = Date.now();
    await killProcess(state.pgbouncer?.pid as number);
    await sleep(2_000);
    await startPgbouncer(state);
    await saveState(state);
    const restartedAt = Date.now();
    await sleep(4_000);
    running = false;
    await workers;

    const failures = outcomes.filter(
      (o) => o.status !== 503 && (o.status < 200 || o.status >= 300),
    );
    expect(
      failures,
      JSON.stringify(seen.filter((s) => s.status >= 500 && s.status !== 503).slice(0, 3)),
    ).toEqual([]);
    // The fault was felt: calls in flight at the kill, or made while PgBouncer was gone, 503.
    const inFlight = outcomes.filter((o) => o.started < killedAt && o.at > killedAt);
    expect(inFlight.length).toBeGreaterThan(0);
    expect(outcomes.some((o) => o.status === 503 && o.started >= killedAt)).toBe(true);
    // Some calls before the kill succeeded, and so did those after the restart, soon.
    expect(outcomes.some((o) => o.at < killedAt && o.status < 300)).toBe(true);
    const recovered = outcomes.find((o) => o.at > restartedAt && o.status < 300);
    expect(recovered, 'nothing succeeded after the restart').toBeDefined();

    // And from then on, every call succeeds.
    const after: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      const before = outcomes.length;
      await once(900_000 + round);
      after.push(...outcomes.slice(before).map((o) => o.status));
    }
    expect(
      after.every((status) => status >= 200 && status < 300),
      after.join(' '),
    ).toBe(true);
  });
});
