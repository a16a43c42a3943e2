import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApp } from '../support/app-harness.ts';
import { writeArtifact } from '../support/artifacts.ts';
import { trackForm, trackHeading, messageShown } from '../support/app-steps.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { httpErrorLine } from '../support/page-errors.ts';
import { waitForServiceWorker } from '../support/service-worker.ts';

// docs/decisions/037: after one visit the app opens without a
// network, straight into Track, from what its service worker kept; it keeps
// nothing of the journal; and a new deployment is announced, not ignored.
// The server serves a copy of the build, so that a test can deploy a new one.

const BUILD = fileURLToPath(new URL('../../web/dist/', import.meta.url));
let deployed = '';

const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
    }
    return urls;
  });

/** A deployment of a new build: here, the worker of the next version. */
async function deployNewVersion() {
  const worker = join(deployed, 'sw.js');
  const source = await readFile(worker, 'utf8');
  await writeFile(
    worker,
    source.replace(/BUILD_VERSION = "([0-9a-f]+)"/, 'BUILD_VERSION = "$1next"'),
  );
  // The server would send the old worker's precompressed copies first.
  await rm(`${worker}.br`);
  await rm(`${worker}.gz`);
}

describe.skipIf(skipBrowserTests)('the installed app without a network', () => {
  beforeAll(async () => {
    deployed = await mkdtemp(join(tmpdir(), 'et-deployed-'));
    await cp(BUILD, deployed, { recursive: true });
  });
  afterAll(async () => {
    await rm(deployed, { recursive: true, force: true });
  });
  // A server of its own, serving a copy of the build this file changes (WEB_DIST).
  const app = useApp({ env: () => ({ WEB_DIST: deployed }) });

  it('opens into Track offline after one visit, and keeps no answer of the APIs', async () => {
    const { page, context, errors } = await app.signedUpOnTrack('offline');
    errors.allow(
      /^console\.error: Failed to load resource: net::ERR_[A-Z_]+ \(at https?:\/\/[^/]+\/(rest|auth)\/v1\//,
      "offline, the journal's reads fail: they are never answered from a cache",
    );
    await waitForServiceWorker(page);

    await context.setOffline(true);
    try {
      const started = performance.now();
      await page.reload();
      await trackHeading(page).waitFor();
      await trackForm(page).activity.waitFor();
      console.log(`offline start to Track: ${Math.round(performance.now() - started)} ms`);
      await writeArtifact('offline/track-offline.png', await page.screenshot());
      expect(new URL(page.url()).pathname).toBe('/');

      // A save works offline: the outbox keeps it (docs/decisions/041).
      const form = trackForm(page);
      await form.activity.fill('Reading on the train');
      await form.save.click();
      await messageShown(
        page,
        'status',
        'Saved on this device. It will be sent when you are online.',
      );

      const kept = await cachedUrls(page);
      expect(kept).toContain('/index.html');
      expect(kept).toContain('/config.json');
      expect(kept.filter((path) => /^\/[a-z]+\/v1\//.test(path))).toEqual([]);
    } finally {
      await context.setOffline(false);
    }
  });

  it('leaves the server’s own pages (an unsubscribe link) to the server', async () => {
    const { page, errors } = await app.signedUpOnTrack('links');
    errors.allow(
      httpErrorLine(400, '/reminders/v1/unsubscribe'),
      'a forged unsubscribe token is refused by the server, which is the point',
    );
    await waitForServiceWorker(page);
    const response = await page.goto('/reminders/v1/unsubscribe?token=forged');
    expect(response?.status()).toBe(400);
    expect(await trackHeading(page).count()).toBe(0);
  });

  it('says when a new version is ready, and reloads into it', async () => {
    const { page } = await app.signedUpOnTrack('update');
    await waitForServiceWorker(page);
    const banner = page
      .getByRole('status')
      .filter({ hasText: 'A new version of Energy Tracker is ready.' });
    expect(await banner.count()).toBe(0);

    await deployNewVersion();
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await banner.waitFor({ timeout: 30_000 });

    const reloaded = page.waitForEvent('load');
    await banner.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await trackHeading(page).waitFor();
    const shells = await page.evaluate(async () =>
      (await caches.keys()).filter((name) => name.startsWith('energy-tracker-shell-')),
    );
    expect(shells).toHaveLength(1);
    expect(shells[0]).toMatch(/next$/);
    expect(await banner.count()).toBe(0);
  });
});
