// The JavaScript a signed-out visitor's browser loads to show the login
// screen, measured in Chromium as e2e/tests/login-bundle.test.ts does.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

export async function loginScriptKiB(url: string): Promise<{ files: number; gzipKiB: number }> {
  const browser = await chromium.launch({
    executablePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  try {
    const page = await browser.newPage();
    const sizes: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        sizes.push(response.body().then((b) => gzipSync(b, { level: 9 }).length));
      }
    });
    await page.goto(`${url}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    const all = await Promise.all(sizes);
    return { files: all.length, gzipKiB: all.reduce((a, b) => a + b, 0) / 1024 };
  } finally {
    await browser.close();
  }
}
