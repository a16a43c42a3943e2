import type { Queryable } from './database.ts';

// On a real PostgreSQL the server relies on autovacuum to keep planner
// statistics fresh as journals grow; with it off (some installations, and a
// burst of writes can outrun it) plans go stale. The operator should know.

/** The journal tables whose statistics the save and history paths depend on. */
const WATCHED_TABLES = ['public.activity_entries', 'public.user_answers'];

/**
 * A warning when autovacuum cannot run for the journal's tables: off for the
 * whole server, or off for one of the tables by its storage parameters.
 */
export async function autovacuumWarning(db: Queryable): Promise<string | undefined> {
  const { rows } = await db.query<{ server_on: boolean; tables_off: string[] }>(
    `SELECT current_setting('autovacuum')::boolean AS server_on,
            coalesce(array_agg(c.oid::regclass::text ORDER BY c.oid::regclass::text)
                       FILTER (WHERE 'autovacuum_enabled=false' = ANY (c.reloptions)),
                     '{}') AS tables_off
     FROM unnest($1::text[]) AS t(name)
     JOIN pg_class c ON c.oid = to_regclass(t.name)`,
    [WATCHED_TABLES],
  );
  const { server_on: serverOn, tables_off: tablesOff } = rows[0] ?? {
    server_on: true,
    tables_off: [],
  };
  const off = serverOn ? tablesOff : ['the whole server'];
  if (off.length === 0) return undefined;
  return (
    `autovacuum is off for ${off.join(', ')}: planner statistics go stale as journals ` +
    'grow and saves slow down. Turn autovacuum on, or run ANALYZE after large imports.'
  );
}
