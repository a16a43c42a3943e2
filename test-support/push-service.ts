import {
  createECDH,
  createDecipheriv,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

// A real Web Push service on loopback, over HTTPS with a certificate made for
// this run (openssl, never committed), as browsers' vendors run them: it
// accepts a message only with a valid VAPID JWT (RFC 8292: ES256 under the
// key in the header, `aud` its own origin, `exp` within 24 hours, a `sub`),
// and decrypts the aes128gcm body (RFC 8291, RFC 8188) with the private keys
// of the subscription it made, so that a test reads what a browser would
// show. Written from the RFCs, independently of the server's library, so
// that a mistake on either side fails the test. Answers can be queued per
// subscription (410, 429, 503) to play a push service's refusals, and a
// subscription can be made silent: its requests are taken and never
// answered, as a hostile or broken endpoint does.

export interface BrowserSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface ReceivedPush {
  endpoint: string;
  /** The decrypted payload. */
  text: string;
  claims: { aud: string; exp: number; sub: string };
  /** The key in the Authorization header: the server's VAPID public key. */
  vapidKey: string;
  ttl: string | undefined;
  topic: string | undefined;
  urgency: string | undefined;
}

export interface PushService {
  origin: string;
  /** The certificate a client must trust (PEM). */
  ca: string;
  received: ReceivedPush[];
  /** Requests that were refused, and why. */
  refused: { endpoint: string; status: number; reason: string }[];
  /** A new subscription, as a browser's pushManager.subscribe() would give it. */
  subscribe(host?: string): BrowserSubscription;
  /** The next answers for this subscription, before it answers 201 again. */
  answerWith(subscription: BrowserSubscription, ...statuses: number[]): void;
  /** From now on, requests for this subscription are taken and never answered. */
  neverAnswer(subscription: BrowserSubscription): void;
  /** Every request that arrived for this subscription, including refused and unanswered ones. */
  attempts(subscription: BrowserSubscription): number;
  close(): Promise<void>;
}

const run = promisify(execFile);

/** A self-signed certificate for localhost and 127.0.0.1, made now. */
async function makeCertificate(): Promise<{ key: string; cert: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'push-service-'));
  try {
    const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ]);
    return { key: await readFile(key, 'utf8'), cert: await readFile(cert, 'utf8') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

interface Keys {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
}

export async function startPushService(): Promise<PushService> {
  const { key, cert } = await makeCertificate();
  const received: ReceivedPush[] = [];
  const refused: PushService['refused'] = [];
  const keysOf = new Map<string, Keys>();
  const queued = new Map<string, number[]>();
  const attemptsOf = new Map<string, number>();
  const silent = new Set<string>();
  let origin = '';

  const server: Server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const endpointPath = path;
      attemptsOf.set(endpointPath, (attemptsOf.get(endpointPath) ?? 0) + 1);
      // Held open until the sender gives up (or the service closes).
      if (silent.has(endpointPath)) return;
      const answer = (status: number, reason: string) => {
        if (status >= 300) refused.push({ endpoint: endpointPath, status, reason });
        res.writeHead(status, status === 429 ? { 'Retry-After': '0' } : {}).end(reason);
      };
      const keys = keysOf.get(endpointPath);
      if (req.method !== 'POST' || !keys) return answer(404, 'no such subscription');
      const next = queued.get(endpointPath)?.shift();
      if (next !== undefined) return answer(next, 'as the test asked');
      try {
        const { claims, vapidKey } = checkVapid(req.headers.authorization ?? '', origin);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const text = decrypt(Buffer.concat(chunks), keys).toString('utf8');
        received.push({
          endpoint: endpointPath,
          text,
          claims,
          vapidKey,
          ttl: header(req.headers.ttl),
          topic: header(req.headers.topic),
          urgency: header(req.headers.urgency),
        });
        res.writeHead(201, { Location: `${origin}/message/${received.length}` }).end();
      } catch (err) {
        answer(403, (err as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `https://localhost:${port}`;

  return {
    origin,
    ca: cert,
    received,
    refused,
    subscribe(host = 'localhost') {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(12).toString('base64url')}`;
      keysOf.set(path, { ecdh, auth });
      return {
        endpoint: `https://${host}:${port}${path}`,
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: auth.toString('base64url'),
      };
    },
    answerWith(subscription, ...statuses) {
      const path = new URL(subscription.endpoint).pathname;
      queued.set(path, [...(queued.get(path) ?? []), ...statuses]);
    },
    neverAnswer(subscription) {
      silent.add(new URL(subscription.endpoint).pathname);
    },
    attempts(subscription) {
      return attemptsOf.get(new URL(subscription.endpoint).pathname) ?? 0;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // Unanswered requests would otherwise hold the close.
        server.closeAllConnections();
      }),
  };
}

function header(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT signed with ES256 by that key. */
function checkVapid(authorization: string, origin: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(authorization);
  if (!match) throw new Error('no VAPID authorization');
  const [, jwt = '', vapidKey = ''] = match;
  const [header64 = '', claims64 = '', signature64 = ''] = jwt.split('.');
  const head = JSON.parse(Buffer.from(header64, 'base64url').toString()) as { alg?: string };
  if (head.alg !== 'ES256') throw new Error('the JWT is not ES256');
  const raw = Buffer.from(vapidKey, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not a P-256 public key');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const valid = verify(
    'sha256',
    Buffer.from(`${header64}.${claims64}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature64, 'base64url'),
  );
  if (!valid) throw new Error('the JWT signature does not verify');
  const claims = JSON.parse(
    Buffer.from(claims64, 'base64url').toString(),
  ) as ReceivedPush['claims'];
  if (claims.aud !== origin) throw new Error(`aud is ${claims.aud}, not ${origin}`);
  const now = Date.now() / 1000;
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) {
    throw new Error('exp is not within the next 24 hours');
  }
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) throw new Error('sub is not mailto: or https:');
  return { claims, vapidKey };
}

/** RFC 8291 key derivation, then one RFC 8188 aes128gcm record. */
function decrypt(body: Buffer, keys: Keys): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body[20] ?? 0;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error('the key id is not a P-256 public key');
  const shared = keys.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    keys.ecdh.getPublicKey(),
    senderKey,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, keys.auth, keyInfo, 32));
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the record has no last-record delimiter');
  return padded.subarray(0, end);
}
