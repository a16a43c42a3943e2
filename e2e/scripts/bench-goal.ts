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

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? NaN)
    : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}
