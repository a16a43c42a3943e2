import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const INDEX = '<!doctype html><div id="root"></div>';
const SCRIPT = `console.log(${JSON.stringify('energy '.repeat(200))});`;

let server: TestServer;
let dist: string;
beforeAll(async () => {
  // A build as Vite and our precompress plugin leave it.
  dist = await mkdtemp(join(tmpdir(), 'et-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), INDEX);
  await writeFile(join(dist, 'assets', 'index-abc123.js'), SCRIPT);
  await writeFile(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(SCRIPT));
  await writeFile(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
  server = await startTestServer({ WEB_DIST: dist });
});
afterAll(async () => {
  await server.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers });

describe('the web build', () => {
  it('sends the precompressed asset the browser accepts, cached for good', async () => {
    const res = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    // fetch decodes the body: what arrives is the script itself.
    expect(await res.text()).toBe(SCRIPT);
  });

  it('prefers brotli and falls back to the plain file', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe(SCRIPT);

    const raw = await fetch(`${server.url}/assets/index-abc123.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(raw.headers.get('content-encoding')).toBeNull();
    expect(await raw.text()).toBe(SCRIPT);
  });

  it('answers client-side routes with index.html that is always revalidated', async () => {
    for (const path of ['/', '/login', '/auth/callback', '/no/such/page']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(await res.text(), path).toBe(INDEX);
    }
  });

  it('answers a missing asset with 404, not with the page', async () => {
    const res = await get('/assets/missing-000.js');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('<div id="root">');
  });
});
