import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFunctionFiles, type FunctionFile } from '../src/db/function-files.ts';
import { applyFunctionFiles, migrationFiles } from '../src/db/migrate.ts';
import { appFunctionDefinitions, type FunctionDefinition } from './helpers/function-definitions.ts';
import { databaseForFile } from './helpers/server-for-file.ts';
import { createTestDatabase } from './helpers/test-database.ts';

// Each function of the app schema lives in server/db/app/functions/<name>.sql
// and the server applies those files after the numbered migrations whenever
// they changed (docs/decisions/031, 094). These tests keep a file and the database from
// telling two different stories.

// The last numbered migration written before the function files existed.
// Migrations up to it create and replace functions (the files started as
// copies of what they left); a later one that does would be undone by the
// file at the end of the same start.
const LAST_MIGRATION_WITH_FUNCTIONS = 'app/0012_hosted_privileges.sql';

const database = await databaseForFile();
let files: FunctionFile[];
beforeAll(async () => {
  files = await readFunctionFiles();
});

const fileOf = (fn: FunctionDefinition) => `${fn.name}.sql`;

describe('the function files', () => {
  it('are one for each function of the app schema, named after it', async () => {
    const live = await appFunctionDefinitions(database.db);
    expect(live.map(fileOf).sort()).toEqual(files.map((f) => f.name));
  });

  it('are what the migrated database runs: applying one again changes nothing', async () => {
    const live = await appFunctionDefinitions(database.db);
    for (const file of files) {
      const afterFile = await database.db
        .transaction(async (tx) => {
          await tx.exec(file.sql);
          throw new RolledBack(await appFunctionDefinitions(tx));
        })
        .catch((err: unknown) => {
          if (err instanceof RolledBack) return err.definitions;
          throw err;
        });
      expect(afterFile, file.name).toEqual(live);
    }
  });

  it('apply all or none: a broken one names itself and leaves every function as it was', async () => {
    const before = await appFunctionDefinitions(database.db);
    const insights = files.find((f) => f.name === 'insights.sql')!;
    const changed = {
      name: 'insights.sql',
      sql: insights.sql.replace("'max_listed'", "'changed'"),
    };
    const broken = { name: 'zz_broken.sql', sql: 'CREATE OR REPLACE FUNCTION public.zz_broken(' };
    await expect(applyFunctionFiles(database.db, [changed, broken])).rejects.toThrow(
      /^server\/db\/app\/functions\/zz_broken\.sql: syntax error/,
    );
    expect(await appFunctionDefinitions(database.db)).toEqual(before);
  });

  it('are not replaced by any migration newer than themselves', async () => {
    const fresh = await createTestDatabase({ migrated: false });
    try {
      const owned = new Set(files.map((f) => f.name));
      const replaced: string[] = [];
      let before: FunctionDefinition[] | undefined;
      for (const migration of await migrationFiles()) {
        const sql = await readFile(migration.path, 'utf8');
        await fresh.db.transaction((tx) => tx.exec(sql));
        if (before === undefined) {
          if (migration.name === LAST_MIGRATION_WITH_FUNCTIONS) {
            before = await appFunctionDefinitions(fresh.db);
          }
          continue;
        }
        const after = await appFunctionDefinitions(fresh.db);
        for (const fn of after.filter((f) => owned.has(fileOf(f)))) {
          const was = before.find((b) => b.signature === fn.signature);
          // A migration may create a function its triggers name (the file
          // then gives it its body), but never replace one.
          if (was && (was.definition !== fn.definition || was.acl !== fn.acl)) {
            replaced.push(
              `${migration.name} replaces ${fn.signature}: edit functions/${fileOf(fn)}`,
            );
          }
        }
        before = after;
      }
      expect(before, `${LAST_MIGRATION_WITH_FUNCTIONS} is not among the migrations`).toBeDefined();
      expect(replaced).toEqual([]);
    } finally {
      await fresh.drop();
    }
  });
});

/** Carries what a transaction saw out of it while rolling it back. */
class RolledBack extends Error {
  readonly definitions: FunctionDefinition[];
  constructor(definitions: FunctionDefinition[]) {
    super('rolled back');
    this.definitions = definitions;
  }
}
