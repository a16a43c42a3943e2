import { describe, expect, it } from 'vitest';
import { useApp } from '../support/app-harness.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { describeRun, runLighthouse } from '../support/lighthouse.ts';

// Lighthouse's mobile run on the production build's /login. Accessibility,
// best practices and SEO are decided by the page alone, whatever the
// machine's load: each must be 100. Performance and first paint move with the
// machine's load, so `npm run bench` measures them against their goals
// (e2e/scripts/measure-login-lighthouse.ts, docs/benchmark.md). A system
// test: one Lighthouse run takes longer than most journeys, and a change to
// /login's markup is caught before a merge.
describe.skipIf(skipBrowserTests)('Lighthouse mobile on /login', () => {
  const app = useApp();

  it('scores 100 for accessibility, best practices and SEO', async () => {
    const run = await runLighthouse(`${app.url}/login`, 'login');
    console.log(`Lighthouse mobile /login: ${describeRun(run)}`);
    expect(run.scores.accessibility).toBe(1);
    expect(run.scores.bestPractices).toBe(1);
    expect(run.scores.seo).toBe(1);
  });
});
