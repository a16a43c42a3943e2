import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A small disk of its own, to fill up on purpose (docs/decisions/033): a
// real tmpfs, which needs Linux, root and `mount`. CI runs as root, so a
// root without the right to mount (a container) fails the test instead of
// skipping it.

/** Why tmpfs tests cannot run here, or undefined when they can. */
export const tmpfsUnavailable: string | undefined =
  process.platform !== 'linux'
    ? 'needs Linux (tmpfs)'
    : process.getuid?.() !== 0
      ? 'needs root to mount a tmpfs (CI runs as root)'
      : spawnSync('mount', ['--version']).status !== 0
        ? 'needs the mount command'
        : undefined;

export interface Tmpfs {
  readonly path: string;
  /** Gives the mounted file system a new size; its files stay. */
  resize(size: string): void;
  /** Unmounts it and removes the mount point. */
  remove(): Promise<void>;
}

/** Mounts a tmpfs of `size` (as mount's size=, e.g. '64m') on a new directory. */
export async function mountTmpfs(prefix: string, size: string): Promise<Tmpfs> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', path]);
  if (mount.status !== 0) {
    await rm(path, { recursive: true, force: true });
    throw new Error(`mount failed: ${mount.stderr.toString()}`);
  }
  return {
    path,
    resize(newSize) {
      const remount = spawnSync('mount', ['-o', `remount,size=${newSize}`, path]);
      if (remount.status !== 0) throw new Error(`remount failed: ${remount.stderr.toString()}`);
    },
    async remove() {
      spawnSync('umount', [path]);
      await rm(path, { recursive: true, force: true });
    },
  };
}
