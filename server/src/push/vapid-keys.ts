import { generateKeyPairSync } from 'node:crypto';
import { join } from 'node:path';
import { readOrMakeKeptFile } from '../kept-file.ts';

// The server's VAPID key pair (RFC 8292): browsers subscribe with its public
// key, and every message to a push service carries a JWT signed with its
// private key. From the environment when set (every replica must use the
// same pair); otherwise made once on first boot and kept in DATA_DIR with
// mode 0600, as the JWT secret is (secrets.ts), because a new pair would
// orphan every subscription.

export interface VapidKeys {
  /** The uncompressed P-256 point, base64url (87 characters): applicationServerKey. */
  publicKey: string;
  /** The P-256 private scalar, base64url (43 characters). */
  privateKey: string;
}

const KEY_FILE = 'vapid-keys.json';

export class VapidKeyFileError extends Error {}

/** A new P-256 pair in the form the browsers and web-push expect; node:crypto only. */
export function generateVapidKeys(): VapidKeys {
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' });
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-65);
  if (!jwk.d || raw[0] !== 4) throw new Error('unexpected P-256 key encoding');
  return { publicKey: raw.toString('base64url'), privateKey: jwk.d };
}

export async function loadVapidKeys(
  fromEnv: VapidKeys | undefined,
  dataDir: string,
): Promise<VapidKeys> {
  if (fromEnv) return fromEnv;
  const path = join(dataDir, KEY_FILE);
  const text = await readOrMakeKeptFile(path, () => JSON.stringify(generateVapidKeys()) + '\n');
  if (text === undefined) throw new VapidKeyFileError(`could not create ${path}`);
  return parseKeys(path, text);
}

/** The kept pair; anything else in the file stops the server. */
function parseKeys(path: string, text: string): VapidKeys {
  const keys = (() => {
    try {
      return JSON.parse(text) as Partial<VapidKeys>;
    } catch {
      return {};
    }
  })();
  if (
    typeof keys.publicKey !== 'string' ||
    typeof keys.privateKey !== 'string' ||
    !/^B[A-Za-z0-9_-]{86}$/.test(keys.publicKey) ||
    !/^[A-Za-z0-9_-]{43}$/.test(keys.privateKey)
  ) {
    throw new VapidKeyFileError(
      `${path} does not hold a VAPID key pair; replace it (deleting it ends every ` +
        'subscription) or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY',
    );
  }
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}
