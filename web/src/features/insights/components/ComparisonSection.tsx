import { CardSection } from '../../../components/CardSection.tsx';
import type { Comparison } from '../api/get-insights.ts';
import { comparisonSentence, type Measure } from '../comparison-sentences.ts';

interface Props {
  id: string;
  title: string;
  measure: Measure;
  /** Clear differences first, then the rest, as the insights function orders them. */
  rows: Comparison[];
  minEach: number;
}

/**
 * What goes with more energy (or engagement), in plain sentences
 * (docs/decisions/039). Differences whose 95% interval includes zero may be
 * chance: they are kept apart, folded away.
 */
export function ComparisonSection({ id, title, measure, rows, minEach }: Props) {
  const clear = rows.filter((row) => row.excludes_zero);
  const unclear = rows.filter((row) => !row.excludes_zero);
  const sentences = (list: Comparison[]) => (
    <ul className="flex list-disc flex-col gap-1.5 pl-5">
      {list.map((row) => (
        <li key={`${row.kind}:${row.key}`}>{comparisonSentence(measure, row)}</li>
      ))}
    </ul>
  );
  return (
    <CardSection headingId={id} title={title}>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
        {`Your average ${measure} on the entries of each activity and each tag, against the entries without it in this period. Clear differences first.`}
      </p>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {`Not enough data yet: an activity or tag is compared once it has ${minEach} entries in the period, and there are ${minEach} entries without it.`}
        </p>
      ) : (
        <>
          {clear.length > 0 ? (
            sentences(clear)
          ) : (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              No clear difference yet: every 95% interval still includes zero.
            </p>
          )}
          {unclear.length > 0 && (
            <details className="mt-3">
              <summary className="min-h-10 cursor-pointer py-2 text-sm font-medium">
                {`Not clear yet (${unclear.length}): the 95% interval includes zero`}
              </summary>
              {sentences(unclear)}
            </details>
          )}
        </>
      )}
    </CardSection>
  );
}
