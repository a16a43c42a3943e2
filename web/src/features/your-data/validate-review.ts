import {
  REVIEW_TEXT_MAX_LENGTH,
  type PlanKind,
  type WeeklyReviewRow,
} from '../../journal/weekly-review-row.ts';

// One weekly review of a JSON export, checked as the database will check it
// (server check_weekly_review), so that a wrong one is named in the preview
// instead of stopping the import.

/** Characters as the database counts them (char_length): an emoji is one. */
const codePoints = (text: string) => [...text].length;

const TEXTS = ['activities', 'environment', 'interactions', 'objects', 'users', 'how'] as const;
const PLAN_NAME_MAX = { activity: 500, tag: 40 } as const;

export type CheckedReview =
  { ok: true; review: WeeklyReviewRow } | { ok: false; problems: string[] };

function isMonday(day: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return false;
  const [y, m, d] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCDate() === d && date.getUTCDay() === 1 && y >= 1900;
}

function plan(
  label: string,
  kind: unknown,
  name: unknown,
  problems: string[],
): [PlanKind | null, string | null] {
  if ((kind === null || kind === undefined) && (name === null || name === undefined)) {
    return [null, null];
  }
  if (kind !== 'activity' && kind !== 'tag') {
    problems.push(`${label} must be an activity or a tag`);
    return [null, null];
  }
  if (typeof name !== 'string' || name.trim() === '' || codePoints(name) > PLAN_NAME_MAX[kind]) {
    problems.push(
      `${label} must name ${kind === 'tag' ? 'a tag' : 'an activity'} of 1 to ${PLAN_NAME_MAX[kind]} characters`,
    );
    return [null, null];
  }
  return [kind, name];
}

export function checkReview(raw: unknown): CheckedReview {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, problems: ['this is not a weekly review (an object with week_start, …)'] };
  }
  const o = raw as Record<string, unknown>;
  const problems: string[] = [];
  const week = o['week_start'];
  if (typeof week !== 'string' || !isMonday(week)) {
    problems.push(`week_start ${JSON.stringify(week ?? null)} is not a Monday (YYYY-MM-DD)`);
  }
  const texts: Partial<Record<(typeof TEXTS)[number], string>> = {};
  for (const field of TEXTS) {
    const value = o[field] ?? '';
    if (typeof value !== 'string' || codePoints(value) > REVIEW_TEXT_MAX_LENGTH) {
      problems.push(`${field} must be a text of at most ${REVIEW_TEXT_MAX_LENGTH} characters`);
    } else {
      texts[field] = value;
    }
  }
  const [moreKind, moreName] = plan('Do more of', o['more_kind'], o['more_name'], problems);
  const [lessKind, lessName] = plan('Do less of', o['less_kind'], o['less_name'], problems);
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    review: {
      week_start: week as string,
      activities: texts.activities ?? '',
      environment: texts.environment ?? '',
      interactions: texts.interactions ?? '',
      objects: texts.objects ?? '',
      users: texts.users ?? '',
      more_kind: moreKind,
      more_name: moreName,
      less_kind: lessKind,
      less_name: lessName,
      how: texts.how ?? '',
    },
  };
}
