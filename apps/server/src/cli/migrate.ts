/** `npm run migrate`: applies pending migrations to the configured database. */
import { openConfiguredDatabase } from '../bootstrap.ts';
import { loadConfig, resolveJwtSecret } from '../config.ts';
import { migrate } from '../db/migrator.ts';

const config = loadConfig(process.env);
const database = await openConfiguredDatabase(config);
try {
  const { applied } = await migrate(database.direct, {
    serverSecret: await resolveJwtSecret(config),
  });
  console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'Nothing to apply.');
} finally {
  await database.close();
}
