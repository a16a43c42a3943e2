import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Every data directory the servers of one run use lives under one folder,
// removed when the run ends; test workers inherit its path from the environment.
export default async function setup() {
  const root = await mkdtemp(join(tmpdir(), 'energy-tracker-e2e-'));
  process.env['E2E_DATA_ROOT'] = root;
  return () => rm(root, { recursive: true, force: true });
}
