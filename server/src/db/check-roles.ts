import type { Database } from './database.ts';

/**
 * Every data request runs as anon or authenticated (docs/decisions/002). A
 * database user that may not switch to them would fail every request with a
 * permission error; better to refuse to start and say how to fix it.
 */
export async function checkRoleSwitching(db: Database): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await tx.query('SET LOCAL ROLE anon');
      await tx.query('SET LOCAL ROLE authenticated');
    });
  } catch (err) {
    const { rows } = await db.query<{ user: string }>('SELECT session_user AS "user"');
    const user = rows[0]?.user ?? 'the server user';
    throw new Error(
      `database user "${user}" cannot switch to the roles anon and authenticated ` +
        `(${(err as Error).message}); run as a superuser: GRANT anon, authenticated TO "${user}"`,
      { cause: err },
    );
  }
}
