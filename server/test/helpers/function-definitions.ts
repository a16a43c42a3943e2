import type { Queryable } from '../../src/db/database.ts';

/** What a function is, as the database keeps it: body, options and who may call it. */
export interface FunctionDefinition {
  /** Schema-qualified unless in public, with argument types: `insights(integer,text)`. */
  signature: string;
  name: string;
  /** pg_get_functiondef: header, language, volatility, security, SET options and body. */
  definition: string;
  acl: string | null;
}

/** Every function of the app's two schemas: the exposed public and journal_private. */
export async function appFunctionDefinitions(db: Queryable): Promise<FunctionDefinition[]> {
  const { rows } = await db.query<FunctionDefinition>(
    `SELECT p.oid::regprocedure::text AS signature, p.proname AS name,
            pg_get_functiondef(p.oid) AS definition, p.proacl::text AS acl
     FROM pg_proc p
     WHERE p.pronamespace IN ('public'::regnamespace, 'journal_private'::regnamespace)
     ORDER BY 1`,
  );
  return rows;
}
