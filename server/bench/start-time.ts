// The start goal: from package.json's `start` command to the first 200 on
// /health, on an existing data directory, beside its goal (docs/benchmark.md).
import type { GoalRow } from './goals.ts';
import { startServer } from './server-process.ts';

const STARTS = 5;
const GOAL_MS = 1000;

/** The median of a few starts on `dataDir`, each stopped once healthy. */
export async function startGoal(dataDir: string, activities: number): Promise<GoalRow> {
  const times: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const server = await startServer({ DATA_DIR: dataDir });
    times.push(server.startMs);
    await server.stop();
  }
  const sorted = times.toSorted((a, b) => a - b);
  const figure = Math.round(sorted[STARTS >> 1]!);
  return {
    name: `Start on existing data (${activities} entries) to healthy /health (median of ${STARTS}; ${sorted.map(Math.round).join(', ')} ms)`,
    figure,
    unit: 'ms',
    goal: `≤ ${GOAL_MS} ms`,
    met: figure <= GOAL_MS,
  };
}
