import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from '../support/app-harness.ts';
import { writeArtifact } from '../support/artifacts.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, skipBrowserTests } from '../support/browser.ts';
import { freePort } from '../support/server-process.ts';

/**
 * Lighthouse's mobile run (its default: a mid-range phone, simulated slow 4G)
 * on the production build's /login, in the system Chromium. The reports go to
 * e2e/artifacts/lighthouse/.
 *
 * Accessibility, best practices and SEO are decided by the page alone and must
 * be 100. Performance and first contentful paint are simulated from the page's
 * own trace (its main-thread time moves with the machine's other load) and do
 * not reach the goals yet (performance 95-98, simulated FCP about 1.8 s on the
 * development machine: Lighthouse's slow 4G counts the 100 KiB of script the
 * browser fetches before the first paint). They are printed, and asserted at
 * the goals (performance 99, FCP 1.5 s) with LIGHTHOUSE_PERF=assert.
 */
const MIN_PERFORMANCE = 0.99;
const MAX_FCP_MS = 1500;

describe.skipIf(skipBrowserTests)('Lighthouse mobile on /login', () => {
  const app = useApp();

  it('scores 100 for accessibility, best practices and SEO', async () => {
    const port = await freePort();
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
    });
    let result: RunnerResult | undefined;
    try {
      const flags: Flags = { port, output: ['json', 'html'], logLevel: 'error' };
      result = await lighthouse(`${app.url}/login`, flags);
    } finally {
      await browser.close();
    }
    if (!result) throw new Error('Lighthouse returned no result');

    const [json, html] = result.report as string[];
    await writeArtifact('lighthouse/login.report.json', json ?? '');
    await writeArtifact('lighthouse/login.report.html', html ?? '');

    const { categories, audits } = result.lhr;
    const score = (id: string) => categories[id]?.score ?? 0;
    const fcpMs = audits['first-contentful-paint']?.numericValue ?? Infinity;
    const failing = Object.values(audits)
      .filter(
        (audit) =>
          audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative',
      )
      .map((audit) => `${audit.id} (${audit.score})`);
    console.log(
      `Lighthouse mobile /login: performance ${score('performance') * 100}, ` +
        `accessibility ${score('accessibility') * 100}, best practices ${score('best-practices') * 100}, ` +
        `SEO ${score('seo') * 100}; FCP ${Math.round(fcpMs)} ms, ` +
        `LCP ${Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN)} ms; ` +
        `below 1: ${failing.join(', ') || 'none'}`,
    );
    expect(result.lhr.runtimeError, 'Lighthouse could not load the page').toBeUndefined();

    expect(score('accessibility')).toBe(1);
    expect(score('best-practices')).toBe(1);
    expect(score('seo')).toBe(1);
    if (process.env['LIGHTHOUSE_PERF'] === 'assert') {
      expect(score('performance')).toBeGreaterThanOrEqual(MIN_PERFORMANCE);
      expect(fcpMs).toBeLessThanOrEqual(MAX_FCP_MS);
    }
  });
});
