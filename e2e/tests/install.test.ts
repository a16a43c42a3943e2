import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from '../support/app-harness.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, skipBrowserTests } from '../support/browser.ts';

// docs/decisions/037: the app is installable. Chromium decides that itself; its
// DevTools protocol reports why a page could not be installed, and which
// manifest it read. The icons must be real PNGs of the sizes they claim, or
// launchers draw a blurry or blank tile.

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Width and height from a PNG's IHDR chunk, which always comes first. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  expect([...bytes.slice(0, 8)], 'PNG signature').toEqual(signature);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe.skipIf(skipBrowserTests)('installing the app', () => {
  const app = useApp();

  it('has no installability errors in Chromium on /login', async () => {
    // Chromium installs nothing from a private window, which is what a
    // fresh browser context is: this one keeps a profile on disk.
    const profile = await mkdtemp(join(tmpdir(), 'et-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${app.url}/login`);
      await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
      const devtools = await context.newCDPSession(page);

      const { installabilityErrors } = (await devtools.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);

      const { url, errors: parseErrors } = (await devtools.send('Page.getAppManifest')) as {
        url: string;
        errors: unknown[];
      };
      expect(url).toBe(`${app.url}/manifest.webmanifest`);
      expect(parseErrors).toEqual([]);
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });

  it('names the app, opens standalone on Track, and offers "Log an activity"', async () => {
    const response = await fetch(`${app.url}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: 'Energy Tracker',
      short_name: 'Energy',
      start_url: '/',
      display: 'standalone',
      shortcuts: [{ name: 'Log an activity', url: '/' }],
    });
    expect(manifest['theme_color']).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest['background_color']).toMatch(/^#[0-9a-f]{6}$/);

    const icons = manifest['icons'] as ManifestIcon[];
    const wanted = ['192x192 any', '512x512 any', '512x512 maskable'];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual(wanted);
    for (const icon of icons) {
      const image = await fetch(new URL(icon.src, app.url));
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get('content-type'), icon.src).toBe('image/png');
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(new Uint8Array(await image.arrayBuffer())), icon.src).toEqual({
        width,
        height,
      });
    }
  });
});
