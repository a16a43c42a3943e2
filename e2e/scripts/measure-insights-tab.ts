// The Insights tab for someone with three years of journal (20,000 entries),
// in Chromium: from choosing the tab, and from choosing 'All time', to the
// rankings shown (the goal: 300 ms for each). The
// median of several tries, each from Track. `npm run bench` runs it; alone
// (after `npm run build`): node e2e/scripts/measure-insights-tab.ts [tries=5]
import { openTab, trackHeading } from '../support/app-steps.ts';
import {
  chooseAllTime,
  firstEnergizer,
  importLongJournal,
  insightsAnswered,
  LONG_JOURNAL_ENTRIES,
} from '../support/long-journal.ts';
import { SHARED_SERVER_ENV } from '../support/shared-app.ts';
import { goalLine, median, printGoal } from './bench-goal.ts';
import { measureSignedUp } from './signed-up-page.ts';

const TRIES = Number(process.argv[2] ?? 5);
const GOAL_MS = 300;

await measureSignedUp(
  'insights-bench',
  async ({ server, page, email }) => {
    await importLongJournal(server.url, email);
    const tabMs: number[] = [];
    const allTimeMs: number[] = [];
    for (let attempt = 0; attempt < TRIES; attempt++) {
      // Each try starts from a fresh load of Track (the last one ended on Insights).
      await page.goto('/');
      await trackHeading(page).waitFor();
      // A person looks at Track for a moment; meanwhile the app fetches the
      // Insights code and the default period's numbers ahead.
      await insightsAnswered(page, 30);
      let started = performance.now();
      await openTab(page, 'Insights');
      await firstEnergizer(page);
      tabMs.push(performance.now() - started);
      started = performance.now();
      await chooseAllTime(page);
      allTimeMs.push(performance.now() - started);
      console.log(
        `try ${attempt + 1}: tab ${Math.round(tabMs.at(-1)!)} ms, 'All time' ${Math.round(allTimeMs.at(-1)!)} ms`,
      );
    }
    for (const [what, values] of [
      ['Insights tab to rankings', tabMs],
      ["'All time' to rankings", allTimeMs],
    ] as const) {
      const figure = Math.round(median(values));
      printGoal(
        goalLine(`${what}, ${LONG_JOURNAL_ENTRIES} entries, median of ${TRIES}`, figure, 'ms', {
          atMost: GOAL_MS,
        }),
      );
    }
  },
  SHARED_SERVER_ENV,
);
