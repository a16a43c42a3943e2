import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { settleAnimations } from './settle.ts';

const require = createRequire(import.meta.url);
let axeSource: Promise<string> | undefined;

/** One rule broken on a screen, with where, in a form a failing assertion prints well. */
export interface AxeViolation {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core on the page as it is and returns the violations of serious
 * or critical impact (the ones that stop someone using the screen).
 */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  // The app's Content-Security-Policy (script-src 'self') refuses an inline
  // <script>, so addScriptTag({ content }) cannot load axe; evaluating the
  // source through the DevTools protocol is not subject to the CSP.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await axeSource);
  await settleAnimations(page);
  const violations = await page.evaluate(async () => {
    const { axe: runner } = window as unknown as { axe: typeof axe };
    const results = await runner.run(document, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.map((node) => node.target.join(' ')),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Expects no serious violations in the light scheme nor in the dark one; leaves the page light. */
export async function expectAxeCleanLightAndDark(page: Page): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await seriousAxeViolations(page), scheme).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
