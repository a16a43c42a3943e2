import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeMigratedDataDir } from './support/migrated-data-dir.ts';
import { startSharedApp, stopSharedApp } from './support/shared-app.ts';

// Every data directory the servers of one run use lives under one folder,
// removed when the run ends; test workers inherit its path from the
// environment, as they do the shared server and browser (support/shared-app.ts)
// and the migrated data directory servers of a file's own start from. The
// shared servers start on copies of it, so it is made first: started beside
// it, each migrated an empty directory of its own, three migrations at once
// on two cores (21 s, against 7 s for one and 3 s for the starts after it).
export default async function setup() {
  const root = await mkdtemp(join(tmpdir(), 'energy-tracker-e2e-'));
  process.env['E2E_DATA_ROOT'] = root;
  await makeMigratedDataDir(root);
  const shared = await startSharedApp();
  return async () => {
    try {
      await stopSharedApp(shared);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  };
}
