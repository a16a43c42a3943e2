import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const SECRET_FILE = 'jwt-secret';
const MIN_SECRET_LENGTH = 32;

export class SecretFileError extends Error {}

/**
 * JWT_SECRET from the environment wins; otherwise one is generated on first
 * boot and kept in DATA_DIR (mode 0600) so tokens survive a restart.
 */
export async function loadJwtSecret(fromEnv: string | undefined, dataDir: string): Promise<string> {
  if (fromEnv) return fromEnv;
  const path = join(dataDir, SECRET_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await readSecret(path);
    if (existing !== undefined) return existing;
    await mkdir(dataDir, { recursive: true });
    // Written whole to a private file, then linked into place: the secret file
    // never exists half-written, and of two servers starting at once only one
    // link succeeds; the other reads the winner's secret on the next pass.
    const draft = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(draft, randomBytes(48).toString('base64url') + '\n', { mode: 0o600 });
    try {
      await link(draft, path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      await unlink(draft).catch(() => {});
    }
  }
  throw new SecretFileError(`could not create ${path}`);
}

/** The kept secret, undefined when there is none yet; a weak one stops the server. */
async function readSecret(path: string): Promise<string | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const secret = text.trim();
  if (secret.length < MIN_SECRET_LENGTH) {
    // Anyone who can guess a short secret can sign tokens for any account.
    throw new SecretFileError(
      `${path} holds a secret shorter than ${MIN_SECRET_LENGTH} characters; ` +
        'replace it (deleting it signs everyone out) or set JWT_SECRET',
    );
  }
  return secret;
}
