import { CardSection } from '../../../components/CardSection.tsx';
import type { Suggestion } from '../api/get-insights.ts';
import { suggestionSentence } from '../comparison-sentences.ts';

/**
 * "What to try", at the top of the tab: at most three suggestions, taken
 * only from clear findings (docs/decisions/083), each with its number,
 * interval and days. With nothing clear it says so, and what would help.
 */
export function WhatToTry({ suggestions }: { suggestions: Suggestion[] }) {
  return (
    <CardSection headingId="insights-to-try" title="What to try">
      {suggestions.length > 0 ? (
        <>
          <ul className="flex list-disc flex-col gap-1.5 pl-5">
            {suggestions.map((s) => (
              <li key={`${s.measure}:${s.kind}:${s.key}`}>{suggestionSentence(s)}</li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
            Only clear findings are suggested. They go with your energy; trying them is how you find
            out whether they cause it.
          </p>
        </>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Nothing is clear enough to suggest yet. More days of entries, with the same names for the
          same activities and tags, will show what goes with your energy.
        </p>
      )}
    </CardSection>
  );
}
