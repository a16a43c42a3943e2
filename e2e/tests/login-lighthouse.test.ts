import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useApp } from '../support/app-harness.ts';
import { writeArtifact } from '../support/artifacts.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, skipBrowserTests } from '../support/browser.ts';
import { waitForQuietCpu } from '../support/quiet-cpu.ts';
import { freePort } from '../support/server-process.ts';

/**
 * Lighthouse's mobile run (its default: a mid-range phone, simulated slow 4G)
 * on the production build's /login, in the system Chromium. The reports go to
 * e2e/artifacts/lighthouse/.
 *
 * Accessibility, best practices and SEO are decided by the page alone and must
 * be 100 in every run. Performance and first contentful paint are simulated
 * from the page's own trace, whose main-thread times move with the machine's
 * other load; as Lighthouse's own guidance on variability advises, the page
 * runs several times (docs/decisions/029). The median first paint must reach
 * its goal. Performance moves with total blocking time alone, and most of what
 * is left is Chromium's own work as it commits the navigation (creating the
 * page's JavaScript context, 13-48 ms of real time before the fourfold
 * slowdown), which lands on the first paint in some runs and not in others
 * (docs/decisions/059). So the goal of 99 must be reached in one of seven
 * runs, and the median may not fall below 97: a page that grew heavier
 * lowers every run. Each run starts once the cores have been quiet for a
 * second (or after 15 s, saying so), so the last test file's servers and
 * browsers winding down are not timed as the page's. LIGHTHOUSE_PERF=report
 * prints the figures without asserting, for a machine too loaded to time
 * anything.
 */
const GOAL_PERFORMANCE = 0.99;
const MIN_MEDIAN_PERFORMANCE = 0.97;
const MAX_FCP_MS = 1500;
const RUNS = 7;

interface RunSummary {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  speedIndexMs: number;
  tbtMs: number;
  cls: number;
}

describe.skipIf(skipBrowserTests)('Lighthouse mobile on /login', () => {
  const app = useApp();

  it(
    `scores 100 for accessibility, best practices and SEO; performance ${GOAL_PERFORMANCE * 100} once (median ${MIN_MEDIAN_PERFORMANCE * 100}) and FCP ${MAX_FCP_MS} ms over ${RUNS} runs`,
    { timeout: RUNS * 120_000 },
    async () => {
      const runs: RunSummary[] = [];
      for (let run = 1; run <= RUNS; run++) {
        const quiet = await waitForQuietCpu({ timeoutMs: 15_000 });
        const result = await runLighthouseOnce(`${app.url}/login`);
        const [json, html] = result.report as string[];
        await writeArtifact(`lighthouse/login-${run}.report.json`, json ?? '');
        await writeArtifact(`lighthouse/login-${run}.report.html`, html ?? '');

        const { categories, audits } = result.lhr;
        const score = (id: string) => categories[id]?.score ?? 0;
        const metric = (id: string) => audits[id]?.numericValue ?? NaN;
        const summary: RunSummary = {
          performance: score('performance'),
          fcpMs: metric('first-contentful-paint'),
          lcpMs: metric('largest-contentful-paint'),
          speedIndexMs: metric('speed-index'),
          tbtMs: metric('total-blocking-time'),
          cls: metric('cumulative-layout-shift'),
        };
        runs.push(summary);
        const failing = Object.values(audits)
          .filter(
            (audit) =>
              audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative',
          )
          .map((audit) => `${audit.id} (${audit.score})`);
        console.log(
          `Lighthouse mobile /login, run ${run}: performance ${Math.round(summary.performance * 100)}, ` +
            `accessibility ${score('accessibility') * 100}, best practices ${score('best-practices') * 100}, ` +
            `SEO ${score('seo') * 100}; cores ${Math.round(quiet.idleShare * 100)}% idle before it ` +
            `(waited ${Math.round(quiet.waitedMs / 1000)} s); FCP ${Math.round(summary.fcpMs)} ms, LCP ${Math.round(summary.lcpMs)} ms, ` +
            `SI ${Math.round(summary.speedIndexMs)} ms, TBT ${Math.round(summary.tbtMs)} ms, CLS ${summary.cls.toFixed(3)}; ` +
            `below 1: ${failing.join(', ') || 'none'}`,
        );

        expect(score('accessibility')).toBe(1);
        expect(score('best-practices')).toBe(1);
        expect(score('seo')).toBe(1);
      }

      const performance = median(runs.map((r) => r.performance));
      const bestPerformance = Math.max(...runs.map((r) => r.performance));
      const fcpMs = median(runs.map((r) => r.fcpMs));
      console.log(
        `Lighthouse mobile /login, medians of ${RUNS}: performance ${Math.round(performance * 100)}, ` +
          `FCP ${Math.round(fcpMs)} ms, LCP ${Math.round(median(runs.map((r) => r.lcpMs)))} ms, ` +
          `TBT ${Math.round(median(runs.map((r) => r.tbtMs)))} ms`,
      );
      if (process.env['LIGHTHOUSE_PERF'] === 'report') return;
      expect(bestPerformance).toBeGreaterThanOrEqual(GOAL_PERFORMANCE);
      expect(performance).toBeGreaterThanOrEqual(MIN_MEDIAN_PERFORMANCE);
      expect(fcpMs).toBeLessThanOrEqual(MAX_FCP_MS);
    },
  );
});

/**
 * One Lighthouse run in a fresh Chromium. A run whose trace Lighthouse could
 * not read (it says NO_NAVSTART and "run Lighthouse again", which it does on a
 * loaded machine) is run once more; a page that fails to load fails twice.
 */
async function runLighthouseOnce(url: string, attemptsLeft = 2): Promise<RunnerResult> {
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
  });
  let result: RunnerResult | undefined;
  try {
    const flags: Flags = { port, output: ['json', 'html'], logLevel: 'error' };
    result = await lighthouse(url, flags);
  } finally {
    await browser.close();
  }
  if (!result) throw new Error('Lighthouse returned no result');
  const error = result.lhr.runtimeError;
  if (error && attemptsLeft > 1) {
    console.log(`Lighthouse could not measure the page (${error.code}); running it again`);
    return runLighthouseOnce(url, attemptsLeft - 1);
  }
  expect(error, 'Lighthouse could not load the page').toBeUndefined();
  return result;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}
