/**
 * A write the database aborts for a conflict with another transaction, a deadlock (40P01)
 * or a serialization failure (40001), is run again once inside the server; a second
 * failure answers 503 with Retry-After, never 500. A trigger of the test raises the
 * SQLSTATE on the first N attempts (a sequence counts them: it does not roll back), on both
 * paths a write takes: a transaction (a report) and one statement on its own (a question,
 * written in a batch). A real deadlock between two connections: src/db/retrying.test.ts.
 */
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { freshNetworkAddress } from './factories.ts';
import { describeEachEngine, newSession, type TestContext } from './harness.ts';

describeEachEngine('deadlocks and serialization failures', (ctx: TestContext) => {
  const raw = (text: string) => ctx.database.pool.query(text);

  beforeAll(async () => {
    await raw(`
      CREATE SEQUENCE conflict_attempts;
      CREATE TABLE conflict_plan (code text NOT NULL, failures int NOT NULL);
      CREATE FUNCTION raise_conflict() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        plan conflict_plan;
      BEGIN
        SELECT * INTO plan FROM conflict_plan LIMIT 1;
        IF FOUND AND nextval('conflict_attempts') <= plan.failures THEN
          RAISE EXCEPTION 'forced conflict' USING ERRCODE = plan.code;
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER conflict BEFORE INSERT ON reports
        FOR EACH ROW EXECUTE FUNCTION raise_conflict();
      CREATE TRIGGER conflict BEFORE INSERT ON questions
        FOR EACH ROW EXECUTE FUNCTION raise_conflict();
    `);
  });
  beforeEach(async () => {
    await raw('TRUNCATE conflict_plan; ALTER SEQUENCE conflict_attempts RESTART');
  });

  const plan = (code: string, failures: number) =>
    ctx.database.pool.query('INSERT INTO conflict_plan VALUES ($1, $2)', [code, failures]);
  const attempts = async () => {
    const { rows } = await ctx.database.pool.query<{ n: string; called: boolean }>(
      'SELECT last_value AS n, is_called AS called FROM conflict_attempts',
    );
    return rows[0]?.called ? Number(rows[0].n) : 0;
  };

  const ask = () => {
    const session = newSession();
    return ctx.request({
      method: 'POST',
      url: '/api/questions/',
      session,
      body: {
        text: '<p>Should I text first?</p>',
        tag_names: [],
        gender: 'U',
        age_range: 'U',
        session_id: session,
      },
    });
  };
  const report = async () => {
    await raw('TRUNCATE conflict_plan');
    const asked = await ask();
    expect(asked.statusCode, asked.body).toBe(201);
    return (failing: () => Promise<unknown>) =>
      failing().then(() => {
        const session = newSession();
        return ctx.request({
          method: 'POST',
          url: '/api/reports/',
          session,
          remoteAddress: freshNetworkAddress(),
          body: { question: asked.json<{ id: number }>().id, reason: 'spam', session_id: session },
        });
      });
  };

  for (const code of ['40P01', '40001']) {
    it(`retries a transaction that met ${code} once, and it goes through`, async () => {
      const send = await report();
      const res = await send(() => plan(code, 1));
      expect(res.statusCode, res.body).toBe(201);
      expect(await attempts()).toBe(2);
    });

    it(`answers 503 with Retry-After when a transaction meets ${code} twice`, async () => {
      const send = await report();
      const res = await send(() => plan(code, 2));
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(await attempts()).toBe(2);
    });

    it(`retries a statement on its own that met ${code} once, and it goes through`, async () => {
      await plan(code, 1);
      const res = await ask();
      expect(res.statusCode, res.body).toBe(201);
      expect(await attempts()).toBe(2);
    });

    it(`answers 503 with Retry-After when a statement on its own meets ${code} twice`, async () => {
      await plan(code, 2);
      const res = await ask();
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(await attempts()).toBe(2);
    });
  }
});
