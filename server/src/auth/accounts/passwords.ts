import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { hash, verify } from '@node-rs/argon2';
import { AuthApiError, badRequest } from '../request/errors.ts';

// argon2id with the library's defaults (19 MiB, 2 passes, 1 lane: OWASP's
// recommended minimum). GoTrue's limits are in bytes because bcrypt's are;
// the upper one is kept so that a password accepted here is accepted by hosted
// Supabase. The lower one is NIST SP 800-63B's 8 (GoTrue defaults to 6).
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 72;

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    await burnVerification(password);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    // A malformed stored hash is a failed login, not a server error.
    return false;
  }
}

// Hashed once, lazily: verifying against it costs what a real verification
// costs, so an unknown e-mail answers no faster than a wrong password.
let dummyHash: Promise<string> | undefined;

export async function burnVerification(password: string): Promise<void> {
  dummyHash ??= hash(randomBytes(16).toString('hex'));
  await verify(await dummyHash, password).catch(() => false);
}

// The ~49,000 most common passwords of leaked lists, as zxcvbn-ts maintains
// them; shipped in the package, so no check ever leaves the machine. Compared
// case-insensitively: "Password1" is as guessable as "password1".
// Read at the first check, not at every start (docs/decisions/099).
let commonPasswords: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(commonPasswordList().map((word) => word.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}

/**
 * Throws GoTrue's errors: too long is 400 validation_failed, too short or too
 * common 422 weak_password with the reasons GoTrue names ("length", "pwned").
 */
export function checkPasswordStrength(password: string): void {
  const bytes = Buffer.byteLength(password, 'utf8');
  if (bytes > MAX_PASSWORD_LENGTH) {
    throw badRequest(
      'validation_failed',
      `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`,
    );
  }
  if (bytes < MIN_PASSWORD_LENGTH) {
    throw new AuthApiError(
      422,
      'weak_password',
      `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`,
      ['length'],
    );
  }
  if (isCommonPassword(password)) {
    throw new AuthApiError(
      422,
      'weak_password',
      'Password is known to be weak and easy to guess, please choose a different one.',
      ['pwned'],
    );
  }
}

function commonPasswordList(): string[] {
  const { dictionary } = createRequire(import.meta.url)(
    '@zxcvbn-ts/language-common',
  ) as typeof import('@zxcvbn-ts/language-common');
  return dictionary['passwords-common'];
}
