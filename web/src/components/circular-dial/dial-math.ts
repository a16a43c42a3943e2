/** docs/product.md 5: the dial's keyboard step, in its 0–1 scale. */
export const KEYBOARD_STEP = 0.1;

/** A dial value (0–1) as the whole percentage that is shown and stored. */
export function toPercent(value: number): number {
  // Via whole millionths: 0.145 * 100 is 14.499999999999998 in floating point,
  // which would round down where 0.005 rounds up.
  return Math.round(Math.round(clampValue(value) * 1e6) / 1e4);
}

/** Keeps a value in 0–1, without the float dust of repeated 0.1 steps. */
export function clampValue(value: number): number {
  return Math.min(1, Math.max(0, Math.round(value * 1e6) / 1e6));
}

/** An angle in radians, clockwise from the top (as atan2(dx, -dy) gives it), as 0–1. */
export function angleToValue(radians: number): number {
  const turn = radians / (2 * Math.PI);
  return clampValue(turn < 0 ? turn + 1 : turn);
}
