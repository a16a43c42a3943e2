import { CardSection } from '../../../components/CardSection.tsx';
import type { SupabaseClient } from '@supabase/supabase-js';
import { BACKGROUND_CLASS, intensityOf } from '../../../lib/intensity-colors.ts';
import { useOnThisDay } from '../api/get-on-this-day.ts';

const TIME = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'long' });

/**
 * "On this day" under Track's form (docs/product.md, Track): what the person
 * logged on this date a year ago, or a month ago while the journal is
 * younger than a year. Nothing at all while loading, on an error, or when
 * there is nothing to show: it is a reminder, not part of tracking.
 */
export default function OnThisDayCard({
  supabase,
  userId,
}: {
  supabase: SupabaseClient;
  userId: string;
}) {
  const onThisDay = useOnThisDay(supabase, userId);
  const found = onThisDay.data;
  if (!found) return null;
  const first = found.entries[0];
  return (
    <CardSection
      headingId="on-this-day-heading"
      title="On this day"
      className="mt-4 flex flex-col gap-2"
    >
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {`${found.ago === 'year' ? 'A year ago' : 'A month ago'}${first ? `, ${DATE.format(new Date(first.created_at))}` : ''}:`}
      </p>
      <ul className="flex flex-col gap-1">
        {found.entries.map((entry) => (
          <li key={entry.created_at} className="flex items-baseline gap-3">
            <span className="shrink-0 text-sm tabular-nums text-slate-600 dark:text-slate-300">
              {TIME.format(new Date(entry.created_at))}
            </span>
            <span className="min-w-0 flex-1 break-words">{entry.activity}</span>
            <span className="flex shrink-0 items-center gap-1 text-sm tabular-nums">
              <span
                aria-hidden="true"
                className={`inline-block size-2.5 rounded-full ${BACKGROUND_CLASS.energy[intensityOf(entry.energy)]}`}
              />
              <span className="sr-only">Energy </span>
              {entry.energy}%
            </span>
          </li>
        ))}
      </ul>
    </CardSection>
  );
}
