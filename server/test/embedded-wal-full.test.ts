import { execFile, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// docs/decisions/033: when the disk is full just as the embedded database
// needs a new write-ahead-log segment, PGlite refuses that statement with
// 53100 and then hangs the process at the next call. Our database refuses
// every later call with the same error instead, so the server answers 507
// rather than hanging. A real PGlite on a real tmpfs; needs root and mount.

const CALLS = new URL('./fixtures/calls-after-wal-full.ts', import.meta.url).pathname;
// The calls take a second or two; a stuck PGlite never answers.
const HUNG_AFTER_MS = 60_000;

const whyNot =
  process.platform !== 'linux'
    ? 'needs Linux (tmpfs)'
    : process.getuid?.() !== 0
      ? 'needs root to mount a tmpfs (CI runs as root)'
      : spawnSync('mount', ['--version']).status !== 0
        ? 'needs the mount command'
        : undefined;
if (whyNot) console.warn(`test/embedded-wal-full.test.ts skipped: it ${whyNot}`);

let mountPoint: string | undefined;
let mounted = false;

beforeAll(async () => {
  if (whyNot) return;
  mountPoint = await mkdtemp(join(tmpdir(), 'et-wal-full-'));
  const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=48m', 'tmpfs', mountPoint]);
  if (mount.status !== 0) throw new Error(`mount failed: ${mount.stderr.toString()}`);
  mounted = true;
});

afterAll(async () => {
  if (mounted) spawnSync('umount', [mountPoint!]);
  if (mountPoint) await rm(mountPoint, { recursive: true, force: true });
});

describe.skipIf(whyNot !== undefined)('the embedded write-ahead log on a full disk', () => {
  it(
    'refuses every call after the log could not grow, instead of hanging',
    async () => {
      const answers = await new Promise<string[]>((resolve, reject) => {
        execFile(
          process.execPath,
          [CALLS, mountPoint!],
          { timeout: HUNG_AFTER_MS, killSignal: 'SIGKILL' },
          (err, stdout, stderr) => {
            if (err?.killed) reject(new Error(`the calls hung (${stdout.trim()})`));
            else if (err) reject(new Error(`${err.message}\n${stderr}`));
            else resolve(stdout.trim().split('\n'));
          },
        );
      });
      expect(answers).toEqual(['53100', '53100', '53100']);
    },
    HUNG_AFTER_MS + 30_000,
  );
});
