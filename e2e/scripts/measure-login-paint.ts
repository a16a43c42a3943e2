// Measures what a first-time visitor on a slow phone sees of /login, in the
// browser itself rather than in Lighthouse's simulation: Chromium's own
// network and CPU throttling at Lighthouse's mobile settings (slow 4G: 150 ms
// round trips as DevTools applies them, 1.6 Mbit/s down; a CPU 4x slower),
// a fresh profile every run. It prints the medians of the first paint, the
// largest paint and the moment the login form's heading is in the page.
// Usage (after `npm run build`): node e2e/scripts/measure-login-paint.ts [runs=5] [webDist]
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../support/browser.ts';
import { startServer } from '../support/server-process.ts';

const RUNS = Number(process.argv[2] ?? 5);
const WEB_DIST = process.argv[3] ?? fileURLToPath(new URL('../../web/dist/', import.meta.url));
// Lighthouse's mobile throttling; DevTools adds the latency per request, so
// Lighthouse multiplies the round trip by 3.75 and the throughput by 0.9.
const LATENCY_MS = 150 * 3.75;
const DOWNLOAD_BYTES_PER_S = ((1.6 * 1024 * 1024) / 8) * 0.9;
const UPLOAD_BYTES_PER_S = ((750 * 1024) / 8) * 0.9;

interface Timings {
  firstPaint: number;
  largestPaint: number;
  form: number;
}

const server = await startServer({ env: { WEB_DIST } });
const browser = await launchBrowser();
try {
  const runs: Timings[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const seen: Partial<Timings> = {};
      (window as unknown as { seen: Partial<Timings> }).seen = seen;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.name === 'first-contentful-paint') seen.firstPaint = entry.startTime;
        }
      }).observe({ type: 'paint', buffered: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.largestPaint = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      new MutationObserver((_, observer) => {
        if (!document.getElementById('login-heading')) return;
        seen.form = performance.now();
        observer.disconnect();
      }).observe(document, { subtree: true, childList: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LATENCY_MS,
      downloadThroughput: DOWNLOAD_BYTES_PER_S,
      uploadThroughput: UPLOAD_BYTES_PER_S,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${server.url}/login`);
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    // The largest paint is final once the page has been still for a moment.
    await page.waitForTimeout(1000);
    runs.push(await page.evaluate(() => (window as unknown as { seen: Timings }).seen));
    await context.close();
  }
  const median = (key: keyof Timings) => {
    const sorted = runs.map((r) => r[key]).sort((a, b) => a - b);
    return Math.round(sorted[Math.floor(sorted.length / 2)] ?? NaN);
  };
  console.log(
    `/login under throttled slow 4G and a 4x slower CPU, medians of ${RUNS}: ` +
      `first paint ${median('firstPaint')} ms, largest paint ${median('largestPaint')} ms, ` +
      `login form ${median('form')} ms`,
  );
} finally {
  await browser.close();
  await server.stop();
}
