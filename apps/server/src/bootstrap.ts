/** Opening the configured database, migrating it, and making sure the admin exists. */

import path from 'node:path';
import { ensureAdmin } from './auth/admins.ts';
import { type Config, resolveJwtSecret } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/connection.ts';
import { migrate } from './db/migrator.ts';

export function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  const timeouts = {
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    acquireTimeoutMs: config.databaseAcquireTimeoutMs,
    queryTimeoutMs: config.databaseQueryTimeoutMs,
    lockTimeoutMs: config.databaseLockTimeoutMs,
  };
  return config.databaseUrl !== undefined
    ? openDatabase({
        engine: 'postgres',
        url: config.databaseUrl,
        ...(config.databaseListenUrl === undefined ? {} : { listenUrl: config.databaseListenUrl }),
        readUrls: config.databaseReadUrls,
        poolMode: config.databasePoolMode,
        poolSize: config.databasePoolSize,
        ...timeouts,
      })
    : openDatabase({ engine: 'pglite', dataDir: path.join(config.dataDir, 'pgdata'), ...timeouts });
}

export async function prepareDatabase(handle: DatabaseHandle, config: Config) {
  // Some steps rewrite stored values with the server secret (migration 0015).
  // On the direct connection: the migration lock and settings are the session's own.
  const { applied } = await migrate(handle.direct, {
    serverSecret: await resolveJwtSecret(config),
  });
  if (config.admin) {
    await ensureAdmin(handle.db, config.admin.username, config.admin.password);
  }
  return { applied };
}
