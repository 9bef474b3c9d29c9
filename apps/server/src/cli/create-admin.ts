/** `npm run create-admin -- --username NAME --password PASS`: creates or promotes an admin. */
import { parseArgs } from 'node:util';
import { hashPassword } from '../auth/passwords.ts';
import { openConfiguredDatabase } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';
import { migrate } from '../db/migrator.ts';
import { upsertAdmin } from '../repositories/users.ts';

const { values } = parseArgs({
  options: { username: { type: 'string' }, password: { type: 'string' } },
});
if (!values.username || !values.password || values.password.length < 8) {
  console.error('Usage: npm run create-admin -- --username NAME --password PASS (8+ characters)');
  process.exit(2);
}

const config = loadConfig(process.env);
const database = await openConfiguredDatabase(config);
try {
  await migrate(database.pool);
  const admin = await upsertAdmin(
    database.db,
    values.username,
    await hashPassword(values.password),
  );
  console.log(
    `${admin.created ? 'Created' : 'Promoted'} admin "${admin.username}" (id ${admin.id}).`,
  );
} finally {
  await database.close();
}
