import { buildTemplateDatabase } from './helpers/template-database.ts';

/** Once per run: the migrated database every test database is cloned from. */
export default function setup(): Promise<() => Promise<void>> {
  return buildTemplateDatabase();
}
