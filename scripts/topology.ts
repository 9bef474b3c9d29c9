/**
 * `npm run topology`: the site as it runs past one machine, started on this one (see
 * scripts/topology/index.ts and deploy/). `npm run topology -- stop` stops it and removes
 * its state; `npm run topology -- status` says what runs.
 *
 * Options: --dir DIR (default .topology/), --port N (the balancer's; default 8400 when free),
 * --test (no proof-of-work or rate limits, and an admin: what `npm run test:topology` uses).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { describeTopology, startTopology, stopTopology } from './topology/index.ts';
import { DEFAULT_DIR, urls } from './topology/state.ts';
import { buildWebAppIfStale } from './web-build.ts';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    dir: { type: 'string' },
    port: { type: 'string' },
    test: { type: 'boolean', default: false },
  },
});
const command = positionals[0] ?? 'start';
const dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.dir ?? DEFAULT_DIR);

if (command === 'stop') {
  console.log(
    (await stopTopology(dir)) ? `Stopped the topology in ${dir}.` : `Nothing runs in ${dir}.`,
  );
} else if (command === 'status') {
  console.log((await describeTopology(dir)).join('\n'));
} else if (command === 'start') {
  const started = Date.now();
  buildWebAppIfStale();
  console.log(`Starting the topology in ${dir}:`);
  try {
    const state = await startTopology({
      dir,
      testMode: values.test,
      ...(values.port === undefined ? {} : { port: Number(values.port) }),
      log: (line) => console.log(line),
    });
    console.log(`Started in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
    console.log((await describeTopology(dir)).join('\n'));
    const where = values.dir === undefined ? '' : ` --dir ${values.dir}`;
    if (!state.admin) {
      console.log(
        `\nAn admin: DATABASE_URL=${urls(state).primary} npm run create-admin -- --username NAME --password PASS`,
      );
    }
    console.log(
      `\nOpen ${urls(state).balancer}/ — stop it all with: npm run topology -- stop${where}`,
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
} else {
  console.error(`Unknown command "${command}": start (the default), stop or status.`);
  process.exit(2);
}
