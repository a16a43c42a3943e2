import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { PHONE } from './app-harness.ts';
import { settleAnimations } from './settle.ts';

/**
 * The page's scroll width on a screen `width` pixels wide (it fits when that
 * is no more than `width`), with up to five elements sticking out past the
 * edge, so a failure says what to fix. Puts the page back on the phone size.
 */
export async function horizontalOverflow(
  page: Page,
  width: number,
): Promise<{ scrollWidth: number; sticksOut: string[] }> {
  await page.setViewportSize({ width, height: 640 });
  await settleAnimations(page);
  const found = await page.evaluate((limit) => {
    const sticksOut = [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > limit + 0.5)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className.toString().slice(0, 60)}`);
    return { scrollWidth: document.documentElement.scrollWidth, sticksOut };
  }, width);
  await page.setViewportSize(PHONE);
  return found;
}

/** Expects the page to fit a screen `width` pixels wide: nothing sticks out, nothing scrolls sideways. */
export async function expectFits(page: Page, width: number): Promise<void> {
  const { scrollWidth, sticksOut } = await horizontalOverflow(page, width);
  expect(sticksOut).toEqual([]);
  expect(scrollWidth).toBeLessThanOrEqual(width);
}
