import type { Locator, Page } from 'playwright-core';

export const isFocused = (target: Locator): Promise<boolean> =>
  target.evaluate((element) => element === document.activeElement);

/**
 * Presses Tab until `target` has the focus, as a keyboard user would, and
 * fails if it is not reached within `maxPresses` (so the tab order is tested).
 */
export async function tabTo(page: Page, target: Locator, maxPresses = 12): Promise<void> {
  for (let presses = 0; presses < maxPresses; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  if (await isFocused(target)) return;
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120));
  throw new Error(`Tab did not reach the target in ${maxPresses} presses; focus is on ${focused}`);
}

/** Presses `key` `times` times. */
export async function pressTimes(page: Page, key: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}
