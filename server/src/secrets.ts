import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { readOrMakeKeptFile } from './kept-file.ts';

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
  const text = await readOrMakeKeptFile(path, () => randomBytes(48).toString('base64url') + '\n');
  if (text === undefined) throw new SecretFileError(`could not create ${path}`);
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
