/**
 * Statements prepared once per connection. PostgreSQL parses and plans an unnamed
 * statement every time it is sent: for a like, that was a third of the database's time
 * (pgbench, the like's statement at 100,000 questions: 1,220 a second sent unnamed, 1,810
 * prepared). A statement whose text starts with `PREPARED` is sent under a name made from
 * its text (db/bounded-pool.ts), so each pooled connection parses it once and runs it by
 * name afterwards; node-postgres remembers which names each connection has prepared.
 * Only with DATABASE_POOL_MODE=session: through a pooler in transaction mode, a client
 * connection has no session of its own to keep a name on, and every statement is sent
 * unnamed (the mark is then only a comment).
 *
 * Only for hot statements whose plan does not depend on their parameters (lookups by key):
 * after five runs PostgreSQL may keep one generic plan for every parameter. A search or a
 * filtered list, whose best plan depends on the words or the filter, must not be marked.
 * The text of a marked statement must not vary without bound (no lists spelled out as
 * `IN ($1, $2, ...)`): each text is one more prepared statement on every connection.
 */
import { sql } from 'kysely';

export const PREPARED_MARK = '/* prepared */ ';

/** Write first in a statement's text: sql`${PREPARED}SELECT ...`. */
export const PREPARED = sql.raw(PREPARED_MARK);
