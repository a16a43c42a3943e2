import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/**
 * A file the server makes once in DATA_DIR and keeps (the JWT secret, the
 * VAPID keys): its text when it is there; otherwise `make()` is written whole
 * to a private draft (mode 0600) and linked into place, so the file never
 * exists half-written, and of two servers starting at once only one link
 * succeeds while the other reads the winner's on the next pass. Undefined
 * when no pass found or made it.
 */
export async function readOrMakeKeptFile(
  path: string,
  make: () => string,
): Promise<string | undefined> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await readIfPresent(path);
    if (existing !== undefined) return existing;
    await mkdir(dirname(path), { recursive: true });
    const draft = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(draft, make(), { mode: 0o600 });
    try {
      await link(draft, path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      await unlink(draft).catch(() => {});
    }
  }
  return undefined;
}

async function readIfPresent(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}
