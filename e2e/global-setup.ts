import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeMigratedDataDir } from './support/migrated-data-dir.ts';
import { startSharedApp, stopSharedApp } from './support/shared-app.ts';

// Every data directory the servers of one run use lives under one folder,
// removed when the run ends; test workers inherit its path from the
// environment, as they do the shared server and browser (support/shared-app.ts)
// and the migrated data directory servers of a file's own start from.
export default async function setup() {
  const root = await mkdtemp(join(tmpdir(), 'energy-tracker-e2e-'));
  process.env['E2E_DATA_ROOT'] = root;
  const [shared] = await Promise.all([startSharedApp(), makeMigratedDataDir(root)]);
  return async () => {
    try {
      await stopSharedApp(shared);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  };
}
