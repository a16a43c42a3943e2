import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../src/config.ts';
import { generateVapidKeys, loadVapidKeys, VapidKeyFileError } from '../../src/push/vapid-keys.ts';

// The server's VAPID key pair (ADR 043): from the environment, or made once
// and kept in DATA_DIR with mode 0600, as the JWT secret is.

const dirs: string[] = [];
const dataDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'vapid-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

describe('VAPID keys', () => {
  it('are made once into DATA_DIR (mode 0600) and read back the same after a restart', async () => {
    const dir = await dataDir();
    const [first, second] = await Promise.all([
      loadVapidKeys(undefined, dir),
      loadVapidKeys(undefined, dir),
    ]);
    expect(second).toEqual(first);
    expect(await loadVapidKeys(undefined, dir)).toEqual(first);
    expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect((await stat(join(dir, 'vapid-keys.json'))).mode & 0o777).toBe(0o600);
  });

  it('come from the environment when set, and a damaged file stops the server with a message', async () => {
    const dir = await dataDir();
    const fromEnv = generateVapidKeys();
    expect(await loadVapidKeys(fromEnv, dir)).toEqual(fromEnv);
    await writeFile(join(dir, 'vapid-keys.json'), '{"publicKey":"short"}');
    await expect(loadVapidKeys(undefined, dir)).rejects.toBeInstanceOf(VapidKeyFileError);
  });

  it('are both set or neither, in their base64url forms', () => {
    const keys = generateVapidKeys();
    expect(() => readConfig({ VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(ConfigError);
    expect(() =>
      readConfig({ VAPID_PUBLIC_KEY: 'nope', VAPID_PRIVATE_KEY: keys.privateKey }),
    ).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => readConfig({ VAPID_SUBJECT: 'someone' })).toThrow(/mailto/);
    const config = readConfig({
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
    });
    expect(config.push.vapidKeys).toEqual(keys);
    expect(config.push.subject).toBe('mailto:support@energy-tracker.local');
    expect(config.push.allowPrivateEndpoints).toBe(false);
    expect(readConfig({ PUSH_ALLOW_PRIVATE_ENDPOINTS: '1' }).push.allowPrivateEndpoints).toBe(true);
  });
});
