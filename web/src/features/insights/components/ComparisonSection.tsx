import { CardSection } from '../../../components/CardSection.tsx';
import type { Comparison, Thresholds } from '../api/get-insights.ts';
import { comparisonSentence, unclearSentence, type Measure } from '../comparison-sentences.ts';

/** "A", "A and B", "A, B and C". */
function listOf(names: string[]): string {
  return names.length < 2
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

interface Props {
  id: string;
  title: string;
  measure: Measure;
  /** Clear differences first, then the rest, as the insights function orders them. */
  rows: Comparison[];
  /** How many comparisons the screen made, both measures together. */
  comparisonsMade: number;
  /** The activities whose average is "your typical activity". */
  typical: Array<{ key: string; name: string }>;
  thresholds: Thresholds;
}

/**
 * What goes with more energy (or engagement), each factor with the others
 * held fixed, in plain sentences (docs/decisions/083). A difference is clear
 * only when it holds after all of the screen's comparisons; the others may
 * be chance and are kept apart, folded away.
 */
export function ComparisonSection({
  id,
  title,
  measure,
  rows,
  comparisonsMade,
  typical,
  thresholds,
}: Props) {
  const clear = rows.filter((row) => row.excludes_zero);
  const unclear = rows.filter((row) => !row.excludes_zero);
  const sentences = (list: Comparison[], say: typeof comparisonSentence) => (
    <ul className="flex list-disc flex-col gap-1.5 pl-5">
      {list.map((row) => (
        <li key={`${row.kind}:${row.key}`}>{say(measure, row)}</li>
      ))}
    </ul>
  );
  return (
    <CardSection headingId={id} title={title}>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
        {`Each activity against your typical activity, each tag against entries without it, and each yes-or-no question you answer with every entry, Yes against No, on the same days and at the same time of day, with everything else held fixed. Clear differences first.`}
      </p>
      {typical.length > 0 && (
        <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
          {`Your typical activity here: the average of ${listOf(typical.map((t) => t.name))}.`}
        </p>
      )}
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {`Not enough data yet: an activity or tag is compared once it has ${thresholds.comparison_min_each} entries in the period, ${thresholds.comparison_min_each} entries without it, and ${thresholds.comparison_min_days} days with entries both with and without it.`}
        </p>
      ) : (
        <>
          {clear.length > 0 ? (
            sentences(clear, comparisonSentence)
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {`No clear difference yet, once all ${comparisonsMade} comparisons of this screen are counted.`}
            </p>
          )}
          {unclear.length > 0 && (
            <details className="mt-3">
              <summary className="min-h-10 cursor-pointer py-2 text-sm font-medium">
                {`Not clear yet (${unclear.length}): could still be chance`}
              </summary>
              {sentences(unclear, unclearSentence)}
            </details>
          )}
        </>
      )}
    </CardSection>
  );
}
