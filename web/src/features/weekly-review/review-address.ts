import { mondayInAddress, REVIEW_PATH, thisMonday } from './weeks.ts';

/** `/insights/review` or anything under it: an address of the review, valid or not. */
export function isReviewAddress(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return path === REVIEW_PATH || path.startsWith(`${REVIEW_PATH}/`);
}

/**
 * The Monday of the week a review address opens (docs/product.md 2):
 * `/insights/review` this week's, `/insights/review/2026-03-09` the week
 * of that date; undefined for any other address. The weekly reminder links
 * to `/insights/review`.
 */
export function reviewWeekInAddress(pathname: string, now: Date = new Date()): string | undefined {
  const path = pathname.toLowerCase().replace(/(.)\/+$/, '$1');
  if (path === REVIEW_PATH) return thisMonday(now);
  if (!path.startsWith(`${REVIEW_PATH}/`)) return undefined;
  return mondayInAddress(path.slice(REVIEW_PATH.length + 1));
}
