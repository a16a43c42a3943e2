import type { Locator, Page } from 'playwright-core';

// The dial's SVG is 120 units wide with the ring at radius 50 (docs/product.md 9), so the
// ring runs at 50/120 of the dial's width from its centre.
const RING_FRACTION = 50 / 120;

/** The dial (role slider) of that name on the Track screen: 'Energy' or 'Engagement'. */
export const dial = (page: Page, name: 'Energy' | 'Engagement'): Locator =>
  page.getByRole('slider', { name, exact: true });

/**
 * The page coordinates of the point on the ring at `percent`, measured
 * clockwise from the top: 25 is the right-most point, 50 the bottom.
 */
export async function pointOnRing(
  slider: Locator,
  percent: number,
): Promise<{ x: number; y: number }> {
  const box = await slider.boundingBox();
  if (!box) throw new Error('the dial is not on screen');
  const radius = box.width * RING_FRACTION;
  const angle = (percent / 100) * 2 * Math.PI;
  return {
    x: box.x + box.width / 2 + radius * Math.sin(angle),
    y: box.y + box.height / 2 - radius * Math.cos(angle),
  };
}

export async function clickRing(page: Page, slider: Locator, percent: number): Promise<void> {
  const { x, y } = await pointOnRing(slider, percent);
  await page.mouse.click(x, y);
}

/** Presses on the ring at `from` and drags along it, clockwise or back, to `to`. */
export async function dragRing(
  page: Page,
  slider: Locator,
  from: number,
  to: number,
): Promise<void> {
  const start = await pointOnRing(slider, from);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  // Small steps along the arc, as a finger would move, never across the centre.
  const steps = Math.max(1, Math.ceil(Math.abs(to - from) / 5));
  for (let i = 1; i <= steps; i++) {
    const point = await pointOnRing(slider, from + ((to - from) * i) / steps);
    await page.mouse.move(point.x, point.y);
  }
  await page.mouse.up();
}

/** What the dial says it is at, as a screen reader hears it (e.g. '25%'). */
export const dialValue = (slider: Locator): Promise<string | null> =>
  slider.getAttribute('aria-valuetext');
