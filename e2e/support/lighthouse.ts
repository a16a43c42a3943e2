import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import { chromium } from 'playwright-core';
import { childPort } from '@energy-tracker/test-support/child-port';
import { writeArtifact } from './artifacts.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './browser.ts';

/** What one Lighthouse mobile run found: its four scores and the paint figures. */
export interface LighthouseRun {
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  fcpMs: number;
  lcpMs: number;
  speedIndexMs: number;
  tbtMs: number;
  cls: number;
  /** Audits scored below 1, for the log. */
  below1: string[];
}

/**
 * Lighthouse's mobile run (its default: a mid-range phone, simulated slow
 * 4G) on `url` in a fresh system Chromium; the reports go to
 * e2e/artifacts/lighthouse/<name>.report.{json,html}. A run whose trace
 * Lighthouse could not read (NO_NAVSTART, "run Lighthouse again", which
 * happens on a loaded machine) is run once more; a page that fails to load
 * fails twice.
 */
export async function runLighthouse(url: string, name: string): Promise<LighthouseRun> {
  let result = await lighthouseOnce(url);
  if (result.lhr.runtimeError) {
    console.log(`Lighthouse could not measure the page (${result.lhr.runtimeError.code}); again`);
    result = await lighthouseOnce(url);
  }
  if (result.lhr.runtimeError) {
    throw new Error(`Lighthouse could not load ${url}: ${result.lhr.runtimeError.message}`);
  }
  const [json, html] = result.report as string[];
  await writeArtifact(`lighthouse/${name}.report.json`, json ?? '');
  await writeArtifact(`lighthouse/${name}.report.html`, html ?? '');
  const { categories, audits } = result.lhr;
  const score = (id: string) => categories[id]?.score ?? 0;
  const metric = (id: string) => audits[id]?.numericValue ?? NaN;
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
    },
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    speedIndexMs: metric('speed-index'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    below1: Object.values(audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
      .map((a) => `${a.id} (${a.score})`),
  };
}

async function lighthouseOnce(url: string): Promise<RunnerResult> {
  const port = await childPort();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`],
  });
  try {
    const flags: Flags = { port, output: ['json', 'html'], logLevel: 'error' };
    const result = await lighthouse(url, flags);
    if (!result) throw new Error('Lighthouse returned no result');
    return result;
  } finally {
    await browser.close();
  }
}

/** One line a person can read: the four scores and the paint figures. */
export function describeRun({ scores, fcpMs, lcpMs, tbtMs, cls, below1 }: LighthouseRun): string {
  const pct = (n: number) => Math.round(n * 100);
  return (
    `performance ${pct(scores.performance)}, accessibility ${pct(scores.accessibility)}, ` +
    `best practices ${pct(scores.bestPractices)}, SEO ${pct(scores.seo)}; ` +
    `FCP ${Math.round(fcpMs)} ms, LCP ${Math.round(lcpMs)} ms, TBT ${Math.round(tbtMs)} ms, ` +
    `CLS ${cls.toFixed(3)}; below 1: ${below1.join(', ') || 'none'}`
  );
}
