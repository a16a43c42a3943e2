// An independent computation of the held-fixed comparisons (docs/decisions/083),
// for the tests to hold insights() against: the model written out whole,
// with a column for every day instead of the day's means taken out, solved
// by Gauss–Jordan elimination, and the clustered sandwich from each day's
// scores over all columns. Plain, slow and obviously the model; it shares
// no code or shortcut with the SQL.

export interface ModelEntry {
  day: string;
  /** The local hour, 0–23. */
  hour: number;
  activity: string;
  tags: string[];
  y: number;
}

export interface ReferenceComparison {
  kind: 'activity' | 'tag';
  key: string;
  estimate: number;
  standardError: number;
}

const PIVOT = 1e-9;

/** Columns of one entry: days, parts (afternoon, evening, night), activities, tags. */
function row(e: ModelEntry, days: string[], activities: string[], tags: string[]): number[] {
  const part =
    e.hour >= 12 && e.hour < 17
      ? 0
      : e.hour >= 17 && e.hour < 22
        ? 1
        : e.hour >= 22 || e.hour < 5
          ? 2
          : -1;
  return [
    ...days.map((d) => (d === e.day ? 1 : 0)),
    ...[0, 1, 2].map((p) => (p === part ? 1 : 0)),
    ...activities.map((a) => (a === e.activity ? 1 : 0)),
    ...tags.map((t) => (e.tags.includes(t) ? 1 : 0)),
  ];
}

/** The inverse of a symmetric matrix by Gauss–Jordan; a dependent column's row and column are 0. */
function inverse(a: number[][]): number[][] {
  const n = a.length;
  const m = a.map((r, i) => [...r, ...r.map((_, j) => (i === j ? 1 : 0))]);
  const kept: boolean[] = [];
  for (let c = 0; c < n; c++) {
    kept[c] = m[c]![c]! > PIVOT * Math.max(a[c]![c]!, 1e-300) && a[c]![c]! > 0;
    if (!kept[c]) continue;
    const pivot = m[c]![c]!;
    for (let j = 0; j < 2 * n; j++) m[c]![j]! /= pivot;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]!;
      for (let j = 0; j < 2 * n; j++) m[r]![j]! -= f * m[c]![j]!;
    }
  }
  return m.map((r, i) => r.slice(n).map((v, j) => (kept[i] && kept[j] ? v : 0)));
}

export function referenceComparisons(
  entries: ModelEntry[],
  activities: string[],
  tags: string[],
): ReferenceComparison[] {
  const perDay = new Map<string, number>();
  for (const e of entries) perDay.set(e.day, (perDay.get(e.day) ?? 0) + 1);
  const used = entries.filter((e) => perDay.get(e.day)! >= 2);
  const days = [...new Set(used.map((e) => e.day))];
  const x = used.map((e) => row(e, days, activities, tags));
  const p = x[0]!.length;
  const xtx = Array.from({ length: p }, (_, i) =>
    Array.from({ length: p }, (_, j) => x.reduce((s, r) => s + r[i]! * r[j]!, 0)),
  );
  const xty = Array.from({ length: p }, (_, i) => x.reduce((s, r, k) => s + r[i]! * used[k]!.y, 0));
  const inv = inverse(xtx);
  const beta = inv.map((r) => r.reduce((s, v, j) => s + v * xty[j]!, 0));
  const residual = x.map((r, k) => used[k]!.y - r.reduce((s, v, j) => s + v * beta[j]!, 0));
  const meat = Array.from({ length: p }, () => Array<number>(p).fill(0));
  for (const day of days) {
    const score = Array<number>(p).fill(0);
    used.forEach((e, k) => {
      if (e.day === day) for (let j = 0; j < p; j++) score[j]! += x[k]![j]! * residual[k]!;
    });
    for (let i = 0; i < p; i++) for (let j = 0; j < p; j++) meat[i]![j]! += score[i]! * score[j]!;
  }
  // Kept columns besides the days' own: the p of (N − 1)/(N − p).
  const keptOthers = inv.slice(days.length).filter((r, i) => r[days.length + i]! > 0).length;
  const g = days.length;
  const n = used.length;
  const scale = (g / (g - 1)) * ((n - 1) / (n - keptOthers));
  const first = days.length + 3;
  const activityCols = activities.map((_, i) => first + i);
  // The typical activity: the middle half of the activities by effect.
  const sorted = [...activityCols].sort((a, b) => beta[a]! - beta[b]! || a - b);
  const cut = sorted.length < 4 ? 0 : Math.floor(sorted.length / 4);
  const typical = sorted.slice(cut, sorted.length - cut);
  const contrast = (col: number, kind: 'activity' | 'tag') => {
    const c = Array<number>(p).fill(0);
    c[col] = 1;
    if (kind === 'activity') for (const t of typical) c[t]! -= 1 / typical.length;
    const w = inv.map((r) => r.reduce((s, v, j) => s + v * c[j]!, 0));
    const variance = w.reduce(
      (s, wi, i) => s + wi * meat[i]!.reduce((t, v, j) => t + v * w[j]!, 0),
      0,
    );
    return {
      estimate: c.reduce((s, v, j) => s + v * beta[j]!, 0),
      standardError: Math.sqrt(Math.max(0, variance * scale)),
    };
  };
  return [
    ...activities.map((key, i) => ({
      kind: 'activity' as const,
      key,
      ...contrast(first + i, 'activity'),
    })),
    ...tags.map((key, i) => ({
      kind: 'tag' as const,
      key,
      ...contrast(first + activities.length + i, 'tag'),
    })),
  ];
}
