import { checkIn } from './check-in.ts';
import type { ReminderKind } from './reminder-kind.ts';
import { weeklyReview } from './weekly-review.ts';

/** Every kind of scheduled reminder; each run sends them all, in this order. */
export const ALL_KINDS: readonly ReminderKind[] = [checkIn, weeklyReview];
