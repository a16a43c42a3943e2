import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const HOLDER = new URL('./fixtures/hold-data-dir-lock.ts', import.meta.url).pathname;

/** Starts `count` processes at once on one DATA_DIR; how many got the lock? */
async function race(dataDir: string, count: number): Promise<number> {
  const outputs = await Promise.all(
    Array.from({ length: count }, () => run(process.execPath, [HOLDER, dataDir])),
  );
  return outputs.filter(({ stdout }) => stdout.trim() === 'locked').length;
}

describe('the DATA_DIR lock', () => {
  it('lets exactly one of several servers starting together have a fresh directory', async () => {
    expect(await race(await mkdtemp(join(tmpdir(), 'et-lock-')), 3)).toBe(1);
  });

  it('lets exactly one take over a lock left by a server that died', async () => {
    for (let round = 0; round < 3; round++) {
      const dir = await mkdtemp(join(tmpdir(), 'et-lock-'));
      // A pid no process has: the server that wrote it is gone.
      await writeFile(join(dir, 'server.pid'), '999999999\n');
      expect(await race(dir, 3)).toBe(1);
    }
  });
});
