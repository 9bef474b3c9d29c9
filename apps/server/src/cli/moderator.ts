/**
 * `npm run moderator -- add|remove USERNAME`: appoints or removes a moderator (as
 * `POST`/`DELETE /api/moderation/moderators/` do for admins), logged without an admin.
 */
import { isValidUsername } from '@dating/contract';
import { setModerator } from '../auth/moderators.ts';
import { openConfiguredDatabase } from '../bootstrap.ts';
import { loadConfig, resolveJwtSecret } from '../config.ts';
import { migrate } from '../db/migrator.ts';

const [command, username] = process.argv.slice(2);
if ((command !== 'add' && command !== 'remove') || !username || !isValidUsername(username)) {
  console.error('Usage: npm run moderator -- add|remove USERNAME');
  process.exit(2);
}

const config = loadConfig(process.env);
const database = await openConfiguredDatabase(config);
try {
  await migrate(database.direct, { serverSecret: await resolveJwtSecret(config) });
  const on = command === 'add';
  const change = await setModerator(database.db, username, on, null);
  if (!change) {
    console.error(`No account is called "${username}".`);
    process.exitCode = 1;
  } else if (!change.changed) {
    console.log(`"${change.username}" already ${on ? 'is' : 'is not'} a moderator.`);
  } else {
    console.log(
      `${on ? 'Appointed' : 'Removed'} moderator "${change.username}" (id ${change.id}).`,
    );
  }
} finally {
  await database.close();
}
