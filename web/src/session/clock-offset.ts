// The device clock may be wrong; the server's is the one entries are judged
// by (it refuses an entry more than 2 minutes in its future). Each answer of
// the data API carries the server's time in its `Date` header; we keep how
// far the device is off, so that an entry logged offline gets the server's
// idea of "now" (docs/decisions/041).

const STORAGE_KEY = 'energy-tracker-clock-offset';
/** `Date` has whole seconds; below this the device clock is as good as we can tell. */
const NEGLIGIBLE_MS = 2000;
/** Recent estimates; the median ignores one slow answer. */
const KEPT = 5;

let estimates: number[] = [];

/** Server time minus device time, in ms, from the median of recent answers (0 when unknown). */
export function clockOffsetMs(): number {
  if (estimates.length === 0) {
    try {
      estimates = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as number[];
    } catch {
      estimates = [];
    }
  }
  const sorted = [...estimates].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  return Math.abs(median) < NEGLIGIBLE_MS ? 0 : median;
}

/** The server's time now, as well as the device can tell. */
export const serverNow = (): Date => new Date(Date.now() + clockOffsetMs());

/**
 * Notes the server's `Date` header of an answer to a request sent at
 * `sentAt` and answered at `receivedAt` (device times, ms).
 */
export function noteServerDate(header: string | null, sentAt: number, receivedAt: number): void {
  const server = header ? Date.parse(header) : NaN;
  if (Number.isNaN(server)) return;
  // The header is truncated to the second: its middle, against the request's middle.
  const estimate = Math.round(server + 500 - (sentAt + receivedAt) / 2);
  clockOffsetMs();
  estimates = [...estimates, estimate].slice(-KEPT);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(estimates));
  } catch {
    // Private mode or a full disk: the offset is kept for this page only.
  }
}

/** fetch for the data client: the same, noting the server's time of each answer. */
export const fetchNotingServerTime: typeof fetch = async (input, init) => {
  const sentAt = Date.now();
  const response = await fetch(input, init);
  noteServerDate(response.headers.get('Date'), sentAt, Date.now());
  return response;
};
