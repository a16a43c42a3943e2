import type { Page } from 'playwright-core';

/**
 * Waits for every finite CSS transition and animation to end (the colour
 * transitions after a scheme switch, a toggle's slide), so a screenshot or a
 * contrast check sees final colours; endless ones (spinners, skeletons) are skipped.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}
