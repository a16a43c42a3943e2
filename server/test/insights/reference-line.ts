// Straight lines of energy on an answer, computed plainly for the tests to
// hold question_findings (docs/decisions/085) against: least squares with
// an intercept, and the standard error either classic (one point per day,
// across days) or clustered by day (entries, the sandwich with each day's
// score and the factor G/(G−1)·(N−1)/(N−2)). Shares no code with the SQL.

export interface Point {
  day: string;
  x: number;
  y: number;
}

export interface Line {
  estimate: number;
  standardError: number;
}

function fit(points: Point[]) {
  const n = points.length;
  const xMean = points.reduce((s, p) => s + p.x, 0) / n;
  const yMean = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - xMean) ** 2, 0);
  const sxy = points.reduce((s, p) => s + (p.x - xMean) * (p.y - yMean), 0);
  const estimate = sxy / sxx;
  const residual = (p: Point) => p.y - yMean - estimate * (p.x - xMean);
  return { n, xMean, sxx, estimate, residual };
}

/** One point per day: the classic interval's standard error, days − 2. */
export function classicLine(points: Point[]): Line {
  const { n, sxx, estimate, residual } = fit(points);
  const s2 = points.reduce((s, p) => s + residual(p) ** 2, 0) / (n - 2);
  return { estimate, standardError: Math.sqrt(s2 / sxx) };
}

/** Entries, clustered by day. */
export function clusteredLine(points: Point[]): Line {
  const { n, xMean, sxx, estimate, residual } = fit(points);
  const scores = new Map<string, number>();
  for (const p of points) {
    scores.set(p.day, (scores.get(p.day) ?? 0) + (p.x - xMean) * residual(p));
  }
  const g = scores.size;
  const meat = [...scores.values()].reduce((s, v) => s + v * v, 0);
  const scale = (g / (g - 1)) * ((n - 1) / (n - 2));
  return { estimate, standardError: Math.sqrt((scale * meat) / (sxx * sxx)) };
}
