// Times as a <input type="datetime-local"> shows and takes them: the reader's
// own wall-clock time, to the minute, without a zone. Entries keep an instant
// (ISO 8601 with offset); these convert between the two in the browser's zone.

/** The clock skew the database allows before calling a time "in the future". */
export const FUTURE_SKEW_MS = 2 * 60 * 1000;

const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-11-23T08:05` for an instant, in the local time zone. */
export function toLocalInputValue(instant: Date): string {
  return (
    `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}` +
    `T${pad(instant.getHours())}:${pad(instant.getMinutes())}`
  );
}

/** The instant a datetime-local value names, or undefined when it names none. */
export function fromLocalInputValue(value: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return undefined;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((n) => Number(n ?? 0));
  const instant = new Date(year!, month! - 1, day!, hours!, minutes!, seconds ?? 0);
  return Number.isNaN(instant.getTime()) ? undefined : instant;
}

/** Later than now by more than the skew the database allows. */
export function isInFuture(instant: Date, now: Date = new Date()): boolean {
  return instant.getTime() > now.getTime() + FUTURE_SKEW_MS;
}
