import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
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

/** A server that took the lock on dataDir and was killed (SIGKILL) holding it. */
async function killedWhileHolding(dataDir: string): Promise<void> {
  const holder = spawn(process.execPath, [HOLDER, dataDir]);
  await new Promise<void>((resolve, reject) => {
    holder.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve();
    });
    holder.once('exit', () => reject(new Error('the holder ended before it locked')));
  });
  const exited = new Promise((resolve) => holder.once('exit', resolve));
  holder.kill('SIGKILL');
  await exited;
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

  const onLinux = process.platform === 'linux';

  it.skipIf(!onLinux)(
    'lets one take over when the dead server’s pid now belongs to another live process',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'et-lock-'));
      await killedWhileHolding(dir);
      const unrelated = spawn('sleep', ['30']);
      try {
        // The system gave the dead server's pid to another process: the lock
        // names it as the dead server wrote it, but with that pid.
        const lock = join(dir, 'server.pid');
        await writeFile(lock, (await readFile(lock, 'utf8')).replace(/^\d+/, `${unrelated.pid}`));
        expect(await race(dir, 3)).toBe(1);
      } finally {
        unrelated.kill();
      }
    },
  );

  it.skipIf(!onLinux)('still refuses while the process that wrote the lock runs', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'et-lock-'));
    // This test's own process, with the start time the system gives it.
    const stat = await readFile('/proc/self/stat', 'utf8');
    const startTime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    await writeFile(join(dir, 'server.pid'), `${process.pid} ${startTime}\n`);
    expect(await race(dir, 2)).toBe(0);
  });
});
