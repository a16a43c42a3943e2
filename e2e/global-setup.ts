import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSharedApp, stopSharedApp } from './support/shared-app.ts';

// Every data directory the servers of one run use lives under one folder,
// removed when the run ends; test workers inherit its path from the
// environment, as they do the shared server and browser (support/shared-app.ts).
export default async function setup() {
  const root = await mkdtemp(join(tmpdir(), 'energy-tracker-e2e-'));
  process.env['E2E_DATA_ROOT'] = root;
  const shared = await startSharedApp();
  return async () => {
    try {
      await stopSharedApp(shared);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  };
}
