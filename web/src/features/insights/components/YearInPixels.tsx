import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { errorMessage } from '../../../lib/error-message.ts';
import { BACKGROUND_CLASS, intensityOf } from '../../../lib/intensity-colors.ts';
import { useEnergyByDay, type DayEnergy } from '../api/get-energy-by-day.ts';
import { addDays, longDate, monthsOfYear, todayText } from '../../../lib/calendar-days.ts';

const MONTHS = new Intl.DateTimeFormat(undefined, { month: 'long', timeZone: 'UTC' });
const WEEKDAY_LETTERS = ['M', 'T', 'W', 'T', 'F', 'S', 'S'];
const EMPTY_CLASS = 'border border-slate-300 bg-transparent dark:border-slate-600';

/** What a square says to a screen reader (docs/product.md, Insights). */
export function dayLabel(day: string, energy: DayEnergy | undefined): string {
  if (!energy) return `${longDate(day)}: no entries`;
  const entries = `${energy.entries} ${energy.entries === 1 ? 'entry' : 'entries'}`;
  return `${longDate(day)}: average energy ${energy.avg_energy}%, ${entries}`;
}

const KEY_STEPS: Record<string, number> = {
  ArrowLeft: -1,
  ArrowRight: 1,
  ArrowUp: -7,
  ArrowDown: 7,
};

/**
 * One square per day of a calendar year, coloured by that day's average
 * energy on the dials' scale; empty days are outlined. The squares are one
 * grid per month with a single tab stop: arrow keys move by day and week,
 * Enter or a click opens Look Back on that day.
 */
export function YearInPixels({ onOpenDay }: { onOpenDay: (day: string) => void }) {
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const days = useEnergyByDay(year);
  const byDay = useMemo(() => new Map((days.data ?? []).map((d) => [d.day, d])), [days.data]);
  const months = useMemo(() => monthsOfYear(year), [year]);
  const today = todayText();
  const [focusDay, setFocusDay] = useState<string | undefined>(undefined);
  const current =
    focusDay?.startsWith(`${year}-`) === true
      ? focusDay
      : today.startsWith(`${year}-`)
        ? today
        : `${year}-01-01`;
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent, day: string) {
    let next: string | undefined;
    if (event.key in KEY_STEPS) next = addDays(day, KEY_STEPS[event.key] ?? 0);
    else if (event.key === 'Home') next = `${year}-01-01`;
    else if (event.key === 'End') next = `${year}-12-31`;
    if (next === undefined) return;
    event.preventDefault();
    if (!next.startsWith(`${year}-`)) return;
    setFocusDay(next);
    buttons.current.get(next)?.focus();
  }

  return (
    <section aria-labelledby="insights-pixels" className="card flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="insights-pixels" className="text-lg font-semibold">
          Year in pixels
        </h2>
        <div className="flex items-center gap-1">
          <button
            type="button"
            className="btn-secondary min-h-10 px-2"
            aria-label="Previous year"
            onClick={() => setYear((y) => y - 1)}
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <span className="min-w-12 text-center font-medium tabular-nums" aria-live="polite">
            {year}
          </span>
          <button
            type="button"
            className="btn-secondary min-h-10 px-2"
            aria-label="Next year"
            disabled={year >= thisYear}
            onClick={() => setYear((y) => y + 1)}
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
        </div>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Each square is a day, coloured by its average energy. Choose a day to see its entries.
      </p>
      <Legend />
      {days.isError && days.data === undefined ? (
        <div role="alert" className="flex flex-col items-start gap-2">
          <p className="text-red-800 dark:text-red-200">
            {`Could not load the year: ${errorMessage(days.error)}`}
          </p>
          <button type="button" className="btn-secondary" onClick={() => void days.refetch()}>
            Try again
          </button>
        </div>
      ) : (
        <div
          className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3"
          aria-busy={days.isPending || days.isFetching}
        >
          {months.map(({ month, leadingBlanks, days: monthDays }) => {
            const name = `${MONTHS.format(new Date(Date.UTC(year, month, 1)))} ${year}`;
            const cells: Array<string | null> = [
              ...Array.from({ length: leadingBlanks }, () => null),
              ...monthDays,
            ];
            const weeks = Array.from({ length: Math.ceil(cells.length / 7) }, (_, w) =>
              cells.slice(w * 7, w * 7 + 7),
            );
            return (
              <div key={month} className="flex flex-col gap-1">
                <p aria-hidden="true" className="text-xs font-medium">
                  {name}
                </p>
                <div aria-hidden="true" className="grid grid-cols-7 gap-0.5">
                  {WEEKDAY_LETTERS.map((letter, i) => (
                    <span
                      key={i}
                      className="text-center text-[0.625rem] leading-4 text-slate-600 dark:text-slate-300"
                    >
                      {letter}
                    </span>
                  ))}
                </div>
                <div role="grid" aria-label={name} className="flex flex-col gap-0.5">
                  {weeks.map((week, w) => (
                    <div key={w} role="row" className="grid grid-cols-7 gap-0.5">
                      {week.map((day, i) =>
                        day === null ? (
                          <span key={`blank-${i}`} role="gridcell" />
                        ) : (
                          <span key={day} role="gridcell">
                            <button
                              type="button"
                              ref={(el) => {
                                if (el) buttons.current.set(day, el);
                                else buttons.current.delete(day);
                              }}
                              tabIndex={day === current ? 0 : -1}
                              aria-label={dayLabel(day, byDay.get(day))}
                              data-day={day}
                              onFocus={() => setFocusDay(day)}
                              onKeyDown={(event) => onKeyDown(event, day)}
                              onClick={() => onOpenDay(day)}
                              className={`block aspect-square w-full rounded-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-violet-700 dark:focus-visible:outline-violet-300 ${pixelClass(
                                byDay.get(day),
                              )}`}
                            />
                          </span>
                        ),
                      )}
                    </div>
                  ))}
                </div>
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}

function pixelClass(energy: DayEnergy | undefined): string {
  return energy ? BACKGROUND_CLASS.energy[intensityOf(energy.avg_energy)] : EMPTY_CLASS;
}

function Legend() {
  const items = [
    { label: 'No entries', className: EMPTY_CLASS },
    { label: '35% or lower', className: BACKGROUND_CLASS.energy.low },
    { label: '36–70%', className: BACKGROUND_CLASS.energy.medium },
    { label: 'Above 70%', className: BACKGROUND_CLASS.energy.high },
  ];
  return (
    <ul aria-label="Legend: average energy" className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
      {items.map((item) => (
        <li key={item.label} className="flex items-center gap-1.5">
          <span aria-hidden="true" className={`inline-block size-3 rounded-sm ${item.className}`} />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
