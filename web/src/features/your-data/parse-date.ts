// An entry's time as people's files write it: ISO 8601 with a date and a
// time, a 'T' or a space between, seconds and fractions optional, an offset
// (Z, +01:00, +0100, +01) or none, which means this device's local time.
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*([Zz]|[+-]\d{2}(?::?\d{2})?)?$/;

/** How far ahead of this device's clock an entry may be (the server allows the same). */
export const CLOCK_SKEW_MS = 2 * 60 * 1000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function offsetText(raw: string | undefined, local: () => number): string | undefined {
  if (raw === undefined) {
    const minutesEast = -local();
    const sign = minutesEast < 0 ? '-' : '+';
    const abs = Math.abs(minutesEast);
    return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  }
  if (raw === 'Z' || raw === 'z') return '+00:00';
  const hours = Number(raw.slice(1, 3));
  const minutes = Number(raw.replace(':', '').slice(3) || '0');
  if (hours > 23 || minutes > 59) return undefined;
  return `${raw[0]}${pad(hours)}:${pad(minutes)}`;
}

export type ParsedDate = { ok: true; iso: string; time: number } | { ok: false; reason: string };

/**
 * The time in the one form the server takes (`2025-03-01T08:30:00.123456+01:00`,
 * microseconds kept as written), or why it is not one.
 */
export function parseEntryDate(text: string, now: Date = new Date()): ParsedDate {
  const match = DATE_TIME.exec(text.trim());
  const notATime = {
    ok: false as const,
    reason: `date "${text}" is not a date and time like 2025-03-01T08:30:00+01:00`,
  };
  if (!match) return notATime;
  const [, y, mo, d, h, mi, s = '00', fraction, offset] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysInMonth(year, month) ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(s) > 59
  ) {
    return { ok: false, reason: `date "${text}" is not a real date and time` };
  }
  const zone = offsetText(offset, () =>
    new Date(year, month - 1, day, Number(h), Number(mi), Number(s)).getTimezoneOffset(),
  );
  if (zone === undefined) return notATime;
  const micro = fraction ? `.${fraction.slice(0, 6)}` : '';
  const iso = `${y}-${mo}-${d}T${h}:${mi}:${s}${micro}${zone}`;
  const time = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}${micro.slice(0, 4)}${zone}`);
  if (Number.isNaN(time)) return notATime;
  if (time > now.getTime() + CLOCK_SKEW_MS) {
    return { ok: false, reason: `date "${text}" is in the future` };
  }
  return { ok: true, iso, time };
}
