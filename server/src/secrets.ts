import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const SECRET_FILE = 'jwt-secret';

/**
 * JWT_SECRET from the environment wins; otherwise one is generated on first
 * boot and kept in DATA_DIR (mode 0600) so tokens survive a restart.
 */
export async function loadJwtSecret(fromEnv: string | undefined, dataDir: string): Promise<string> {
  if (fromEnv) return fromEnv;
  const path = join(dataDir, SECRET_FILE);
  try {
    const existing = (await readFile(path, 'utf8')).trim();
    if (existing.length >= 32) return existing;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const secret = randomBytes(48).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  // 'wx' fails if another process wrote it meanwhile; then read theirs.
  try {
    await writeFile(path, secret + '\n', { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return (await readFile(path, 'utf8')).trim();
  }
}
