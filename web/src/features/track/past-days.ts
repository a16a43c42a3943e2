// Which day "On this day" looks back to: the same date a year ago, or a month
// ago, in the person's own calendar. A date the earlier month lacks (29
// February, 31 April) becomes that month's last day.

export interface LocalDay {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
}

const daysIn = (year: number, month: number) => new Date(year, month, 0).getDate();

function clamped(year: number, month: number, day: number): LocalDay {
  return { year, month, day: Math.min(day, daysIn(year, month)) };
}

export function yearAgo(today: Date): LocalDay {
  return clamped(today.getFullYear() - 1, today.getMonth() + 1, today.getDate());
}

export function monthAgo(today: Date): LocalDay {
  const month = today.getMonth(); // the previous month, 1-based
  return month === 0
    ? clamped(today.getFullYear() - 1, 12, today.getDate())
    : clamped(today.getFullYear(), month, today.getDate());
}

/** The instants the local day starts and ends at (23 or 25 hours apart on clock-change days). */
export function localDayRange({ year, month, day }: LocalDay): { from: string; to: string } {
  return {
    from: new Date(year, month - 1, day).toISOString(),
    to: new Date(year, month - 1, day + 1).toISOString(),
  };
}
