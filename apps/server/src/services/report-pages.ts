/**
 * The admin's report list, first page, kept serialized while the moderation version
 * (migration 0017) is the one it was read at. Admins open and refresh the queue far more
 * often than reports arrive, and the page is large (each report with its content): writing
 * it anew cost more than its query. Every change the list can show bumps the version in its
 * own transaction; each request reads the version with a query sent after it arrived
 * (shared with the requests arriving meanwhile, lib/shared-reads.ts) and gets the kept page
 * only when it was read at that version, and a page is always read after its version. So
 * no admin is shown a page older than their request. Later pages (`after`) are read each
 * time: they are rarely asked for. Each process checks for itself.
 */
import { CompiledQuery } from 'kysely';
import type { Executor } from '../db/connection.ts';
import { PREPARED_MARK } from '../db/prepared.ts';
import { VersionProbe } from './feed-cache.ts';

/**
 * A first page as sent: its JSON, encoded once (a string would be measured and encoded
 * again for every response), and its Link header (null on the last page).
 */
export interface ReportPage {
  json: Buffer;
  link: string | null;
}

/** The current moderation version (migration 0017). */
export async function readModerationVersion(db: Executor): Promise<bigint> {
  const result = await db.executeQuery<{ version: string }>(
    CompiledQuery.raw(`${PREPARED_MARK}SELECT version::text AS version FROM moderation_version`),
  );
  return BigInt(result.rows[0]?.version ?? '0');
}

export class ReportPages {
  private readonly version: VersionProbe;
  /** By page size (a schema-checked number, so a few at most): the page and its version. */
  private readonly kept = new Map<number, { version: bigint; page: Promise<ReportPage> }>();

  constructor(readVersion: () => Promise<bigint>) {
    this.version = new VersionProbe(readVersion);
  }

  /**
   * The first page of `limit` reports: kept, when it was read at the current version;
   * otherwise read with `fresh` (once for every request that wants it at this version).
   */
  async firstPage(limit: number, fresh: () => Promise<ReportPage>): Promise<ReportPage> {
    const version = await this.version.current();
    const kept = this.kept.get(limit);
    if (kept !== undefined && kept.version === version) return kept.page;
    const page = fresh();
    this.kept.set(limit, { version, page });
    // A failed read is not kept: the next request tries again.
    page.catch(() => {
      if (this.kept.get(limit)?.page === page) this.kept.delete(limit);
    });
    return page;
  }
}
