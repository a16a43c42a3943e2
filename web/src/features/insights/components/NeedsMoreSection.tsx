import { CardSection } from '../../../components/CardSection.tsx';
import type { Insights } from '../api/get-insights.ts';
import { entriesLabel } from './format.ts';

/** Activities with one or two entries: not ranked yet, one tap from their entries. */
export function NeedsMoreSection({
  rows,
  minEntries,
  onOpen,
}: {
  rows: Insights['needs_more'];
  minEntries: number;
  onOpen: (name: string) => void;
}) {
  if (rows.length === 0) return null;
  return (
    <CardSection headingId="insights-needs-more" title="Needs more entries">
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
        {`Ranked once they have ${minEntries} entries in this period.`}
      </p>
      <ul className="flex flex-wrap gap-2">
        {rows.map((row) => (
          <li key={row.key}>
            <button
              type="button"
              className="btn-secondary min-h-10 px-3 text-sm"
              onClick={() => onOpen(row.name)}
            >
              {row.name}{' '}
              <span className="text-slate-600 dark:text-slate-300">
                · {entriesLabel(row.entries)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </CardSection>
  );
}
