import type { WeekSummary } from './api/get-insights.ts';

const percent = (value: number) => `${Math.round(value)}%`;
const entries = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;

/** Plain sentences about this week against the last, from the numbers alone. */
export function weekSentences(week: WeekSummary): string[] {
  if (week.entries === 0 && week.entries_last_week === 0) {
    return ['No entries this week or last week yet.'];
  }
  const sentences: string[] = [];
  if (week.entries === 0) {
    sentences.push(
      `No entries yet this week; last week you logged ${entries(week.entries_last_week)}.`,
    );
    return sentences;
  }
  sentences.push(
    week.entries_last_week === 0
      ? `You logged ${entries(week.entries)} this week and none last week.`
      : `You logged ${entries(week.entries)} this week, against ${entries(week.entries_last_week)} last week.`,
  );
  if (week.avg_energy !== null) {
    if (week.avg_energy_last_week === null) {
      sentences.push(`Your average energy this week is ${percent(week.avg_energy)}.`);
    } else {
      const change = Math.round(week.avg_energy) - Math.round(week.avg_energy_last_week);
      sentences.push(
        change === 0
          ? `Your average energy is ${percent(week.avg_energy)}, the same as last week.`
          : `Your average energy is ${percent(week.avg_energy)}, ${Math.abs(change)} points ${
              change > 0 ? 'higher' : 'lower'
            } than last week (${percent(week.avg_energy_last_week)}).`,
      );
    }
  }
  if (week.best && week.lowest && week.best.name !== week.lowest.name) {
    sentences.push(
      `${week.best.name} gave you the most energy (${percent(week.best.avg_energy)}); ` +
        `${week.lowest.name} the least (${percent(week.lowest.avg_energy)}).`,
    );
  } else if (week.best) {
    sentences.push(`Only ${week.best.name} so far, at ${percent(week.best.avg_energy)} energy.`);
  }
  sentences.push(
    week.flow_entries === 0
      ? 'No entry this week was in flow.'
      : `You were in flow in ${week.flow_entries} of ${entries(week.entries)}.`,
  );
  return sentences;
}
