import type { Database } from '../db/database.ts';
import { DataApiError } from './errors.ts';
import { DataErrorCode } from './error-codes.ts';
import { loadFunctions, type RpcFunction } from './rpc-catalogue.ts';

// The only schema the data API serves, as hosted Supabase does by default.
export const EXPOSED_SCHEMA = 'public';

export interface Column {
  name: string;
  /** format_type without typmod: what a text parameter is cast to for comparisons. */
  type: string;
  /** The column default as SQL, from pg_get_expr; used only for Prefer: missing=default. */
  defaultSql: string | null;
}

export interface Relation {
  name: string;
  columns: Map<string, Column>;
  primaryKey: string[];
  insertable: boolean;
  updatable: boolean;
  deletable: boolean;
  /**
   * Set when the rows come from a function call (rpc) rather than a stored
   * relation: the SELECT that calls it, the values its placeholders bind,
   * whether it must run read-only, and for a function returning a base type
   * the column whose bare values make the body.
   */
  call?: { sql: string; params: string[]; readOnly: boolean; scalarColumn?: string };
}

export interface SchemaCache {
  relations: Map<string, Relation>;
  /** Callable functions by name; overloads share a name (rpc-catalogue.ts). */
  functions: Map<string, RpcFunction[]>;
}

interface CatalogueRow {
  relation: string;
  column_name: string;
  column_type: string;
  default_sql: string | null;
  in_primary_key: boolean;
  updatable_mask: number;
}

// Relations in the exposed schema that anon or authenticated hold any privilege
// on, with their columns. Everything the data API will ever name in SQL comes
// from here; a relation or column not listed here does not exist for a client.
// pg_relation_is_updatable's bits: 4 UPDATE, 8 INSERT, 16 DELETE.
const CATALOGUE_SQL = `
SELECT c.relname AS relation,
       a.attname AS column_name,
       format_type(a.atttypid, NULL) AS column_type,
       pg_get_expr(d.adbin, d.adrelid) AS default_sql,
       coalesce(a.attnum = ANY (pk.indkey), false) AS in_primary_key,
       pg_relation_is_updatable(c.oid::regclass, true) AS updatable_mask
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
LEFT JOIN pg_index pk ON pk.indrelid = c.oid AND pk.indisprimary
WHERE n.nspname = $1
  AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
  AND EXISTS (
    SELECT 1 FROM pg_roles r
    WHERE r.rolname IN ('anon', 'authenticated')
      AND (has_table_privilege(r.oid, c.oid, 'SELECT, INSERT, UPDATE, DELETE')
           OR has_any_column_privilege(r.oid, c.oid, 'SELECT, INSERT, UPDATE'))
  )
ORDER BY c.relname, a.attnum`;

export async function loadSchemaCache(db: Database): Promise<SchemaCache> {
  const { rows } = await db.query<CatalogueRow>(CATALOGUE_SQL, [EXPOSED_SCHEMA]);
  const relations = new Map<string, Relation>();
  for (const row of rows) {
    let relation = relations.get(row.relation);
    if (!relation) {
      const mask = Number(row.updatable_mask);
      relation = {
        name: row.relation,
        columns: new Map(),
        primaryKey: [],
        updatable: (mask & 4) !== 0,
        insertable: (mask & 8) !== 0,
        deletable: (mask & 16) !== 0,
      };
      relations.set(row.relation, relation);
    }
    relation.columns.set(row.column_name, {
      name: row.column_name,
      type: row.column_type,
      defaultSql: row.default_sql,
    });
    if (row.in_primary_key) relation.primaryKey.push(row.column_name);
  }
  return { relations, functions: await loadFunctions(db, EXPOSED_SCHEMA) };
}

/**
 * Loads the catalogue on first use (migrations have run by then) and keeps it;
 * a failed load is retried by the next request instead of being cached.
 */
export function createSchemaCacheLoader(db: Database): () => Promise<SchemaCache> {
  let pending: Promise<SchemaCache> | undefined;
  return () => {
    if (!pending) {
      pending = loadSchemaCache(db).catch(() => {
        pending = undefined;
        throw new DataApiError(
          503,
          DataErrorCode.schemaCacheUnavailable,
          'Could not query the database for the schema cache. Retrying.',
        );
      });
    }
    return pending;
  };
}

export function findRelation(cache: SchemaCache, name: string): Relation {
  const relation = cache.relations.get(name);
  if (!relation) {
    throw new DataApiError(
      404,
      DataErrorCode.tableNotFound,
      `Could not find the table '${EXPOSED_SCHEMA}.${name}' in the schema cache`,
    );
  }
  return relation;
}
