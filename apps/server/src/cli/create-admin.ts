/** `npm run create-admin -- --username NAME --password PASS`: creates or promotes an admin. */
import { parseArgs } from 'node:util';
import { isValidUsername, LIMITS } from '@dating/contract';
import { ensureAdmin } from '../auth/admins.ts';
import { openConfiguredDatabase } from '../bootstrap.ts';
import { loadConfig, resolveJwtSecret } from '../config.ts';
import { migrate } from '../db/migrator.ts';

const { values } = parseArgs({
  options: { username: { type: 'string' }, password: { type: 'string' } },
});
if (
  !values.username ||
  !isValidUsername(values.username) ||
  !values.password ||
  values.password.length < LIMITS.passwordMin
) {
  console.error(
    `Usage: npm run create-admin -- --username NAME --password PASS (a username of ${LIMITS.usernameMin} to ${LIMITS.usernameMax} ASCII letters, digits or @ . + - _; a password of ${LIMITS.passwordMin}+ characters)`,
  );
  process.exit(2);
}

const config = loadConfig(process.env);
const database = await openConfiguredDatabase(config);
try {
  await migrate(database.direct, { serverSecret: await resolveJwtSecret(config) });
  const admin = await ensureAdmin(database.db, values.username, values.password);
  const done = { created: 'Created', promoted: 'Promoted', unchanged: 'Already an admin:' };
  console.log(`${done[admin.outcome]} admin "${admin.username}" (id ${admin.id}).`);
} finally {
  await database.close();
}
