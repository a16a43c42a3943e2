import { mkdir, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, skipBrowserTests } from '../support/browser.ts';
import { startServer, type RunningServer } from '../support/server-process.ts';

const ARTIFACTS = new URL('../artifacts/', import.meta.url);

// Servers of its own: what `npm start` does on a fresh data directory, and
// with SIGTERM, is what this file tests.
describe('npm start on a fresh data directory', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ empty: true });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('answers /health and /config.json', async () => {
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    const config = await (await fetch(`${server.url}/config.json`)).json();
    expect(config.supabaseUrl).toBe(server.url);
    expect(config.supabaseAnonKey).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(config.googleEnabled).toBe(false);
  });

  it('serves the app for any client-side path', async () => {
    for (const path of ['/', '/login', '/some/unknown/place']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      // The app's root, holding the static first paint until React renders.
      expect(await res.text()).toMatch(/<div id="root">[\s\S]*Energy Tracker[\s\S]*<\/div>/);
    }
  });

  it.skipIf(skipBrowserTests)('renders the login page in Chromium without errors', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      // A signed-out visitor to / is sent to the login screen.
      await page.goto(server.url);
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/login');
      await mkdir(ARTIFACTS, { recursive: true });
      await writeFile(new URL('clean-start-login-390x844.png', ARTIFACTS), await page.screenshot());
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('stops cleanly on SIGTERM with exit code 0', async () => {
    expect(await server.stop()).toBe(0);
  });
});

describe('npm start itself', () => {
  it('passes SIGTERM on to the server, which stops', async () => {
    // From the run's migrated copy: what a first start does is the file's
    // first part; this one is about npm handing on the signal.
    const server = await startServer({ viaNpm: true });
    await server.stop();
    // npm has gone; the server it ran must not be left listening.
    await expect(fetch(`${server.url}/health`)).rejects.toThrow();
  });
});
