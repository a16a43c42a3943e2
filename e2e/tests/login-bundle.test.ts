import { gzipSync } from 'node:zlib';
import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from '../support/app-harness.ts';
import { writeArtifact } from '../support/artifacts.ts';
import { skipBrowserTests } from '../support/browser.ts';

/**
 * What a signed-out visitor's phone downloads before it can show the login
 * screen: React, the auth part of supabase-js and the login screen, without
 * the signed-in app, the rest of supabase-js or the query cache
 * (docs/decisions/016, 027). Lower the budget as the app slims down.
 */
const BUDGET_GZIP_BYTES = 100 * 1024;

interface ScriptSize {
  url: string;
  bytes: number;
  gzipBytes: number;
  /** Content-Encoding as served ('' when sent uncompressed) and the bytes that came over the wire. */
  servedEncoding: string;
  servedBytes: number;
}

describe.skipIf(skipBrowserTests)('the JavaScript /login loads from the production build', () => {
  const app = useApp();

  it(`stays within ${BUDGET_GZIP_BYTES / 1024} KB gzip`, async () => {
    const { page } = await app.newUser();
    const pending: Promise<ScriptSize>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') pending.push(measure(response));
    });
    // networkidle: lazily loaded chunks the screen asks for count too.
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    const scripts = await Promise.all(pending);

    const totalGzipBytes = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
    const report = {
      totalGzipBytes,
      totalGzipKB: Math.round((totalGzipBytes / 1024) * 10) / 10,
      totalBytes: scripts.reduce((sum, s) => sum + s.bytes, 0),
      totalServedBytes: scripts.reduce((sum, s) => sum + s.servedBytes, 0),
      budgetGzipBytes: BUDGET_GZIP_BYTES,
      gzip: 'node:zlib level 9 of each body as served, decoded',
      scripts: scripts.sort((a, b) => b.gzipBytes - a.gzipBytes),
    };
    await writeArtifact('login-bundle.json', `${JSON.stringify(report, null, 2)}\n`);
    console.log(
      `/login loads ${scripts.length} JS files: ${report.totalGzipKB} KB gzip ` +
        `(${report.totalBytes} bytes raw, ${report.totalServedBytes} bytes as served); ` +
        `budget ${BUDGET_GZIP_BYTES / 1024} KB`,
    );

    // The app is an ES-module build: at least the entry script must be there.
    expect(scripts.length).toBeGreaterThan(0);
    expect(totalGzipBytes).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
  });
});

async function measure(response: Response): Promise<ScriptSize> {
  // body() is the decoded body whatever the transfer encoding, so compressing
  // it here measures the same thing whether or not the server compressed it.
  const body = await response.body();
  return {
    url: new URL(response.url()).pathname,
    bytes: body.length,
    gzipBytes: gzipSync(body, { level: 9 }).length,
    servedEncoding: (await response.headerValue('content-encoding')) ?? '',
    servedBytes: (await response.request().sizes()).responseBodySize,
  };
}
