import type { PlanKind } from '../../journal/weekly-review-row.ts';
import type { PlanCheck } from './api/get-week-in-review.ts';

const entries = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;
const percent = (value: number | null) => (value === null ? 'none' : `${Math.round(value)}%`);

/** An activity as the person spelled it; a tag marked as one. */
export function planName(kind: PlanKind, name: string): string {
  return kind === 'tag' ? `${name} (tag)` : name;
}

/**
 * `Walk outside: 4 entries this week (2 the week before), average energy 85% (75%)`
 * (docs/product.md 10.1): the numbers are the database's (week_in_review).
 */
export function checkSentence(check: PlanCheck): string {
  const counts = `${entries(check.entries)} this week (${check.entries_before} the week before)`;
  const energy =
    check.avg_energy === null && check.avg_energy_before === null
      ? ''
      : `, average energy ${percent(check.avg_energy)} (${percent(check.avg_energy_before)})`;
  return `${planName(check.kind, check.name)}: ${counts}${energy}`;
}

/** The label of a plan line. */
export const PLAN_LABELS = { more: 'Do more of', less: 'Do less of' } as const;
