// A figure with a goal, as a script prints it for `npm run bench`: one line,
// `goal ` and then JSON, which the bench gathers into its table of goals
// (server/bench/goals.ts reads the same shape).
export interface GoalLine {
  /** What was measured, e.g. "Insights tab to rankings, 20,000 entries (median of 5)". */
  name: string;
  figure: number;
  unit: string;
  /** The goal as a person reads it, e.g. "≤ 300 ms". */
  goal: string;
  met: boolean;
}

export function printGoal(line: GoalLine): void {
  console.log(`goal ${JSON.stringify(line)}`);
}

/**
 * A goal of `figure` (as printed) at least `bound` ('≥') or at most it ('≤'):
 * its words and whether it is met come from the one bound.
 */
export function goalLine(
  name: string,
  figure: number,
  unit: string,
  goal: { atLeast: number } | { atMost: number },
): GoalLine {
  const suffix = unit === '' ? '' : ` ${unit}`;
  return 'atLeast' in goal
    ? { name, figure, unit, goal: `≥ ${goal.atLeast}${suffix}`, met: figure >= goal.atLeast }
    : { name, figure, unit, goal: `≤ ${goal.atMost}${suffix}`, met: figure <= goal.atMost };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}
