// Load at a given number of concurrent clients: autocannon for HTTP, and the
// same loop shape for the floor, which calls the database directly.
import autocannon from 'autocannon';

export interface LoadResult {
  perSecond: number;
  p50: number;
  p99: number;
  /** The longest a request took: a pause that held everyone shows here. */
  max: number;
  /** Requests that failed or answered other than 2xx. */
  failed: number;
  total: number;
}

export interface HttpRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** A body made anew for every request (an entry's own key), instead of `body`. */
  eachBody?: () => string;
}

/** How long a load lasts and how hard it pushes: a fixed count or a steady rate. */
export interface LoadShape {
  /** Send this many requests in all, however long they take. */
  amount?: number;
  /** Requests per second from all clients together (moderate load). */
  perSecond?: number;
}

export async function httpLoad(
  url: string,
  init: HttpRequest,
  clients: number,
  seconds: number,
  { amount, perSecond }: LoadShape = {},
): Promise<LoadResult> {
  const run = autocannon({
    url,
    method: init.method,
    headers: init.headers,
    ...(init.body === undefined ? {} : { body: init.body }),
    ...(init.eachBody === undefined
      ? {}
      : { requests: [{ setupRequest: (request) => ({ ...request, body: init.eachBody?.() }) }] }),
    connections: clients,
    duration: seconds,
    ...(amount === undefined ? {} : { amount }),
    ...(perSecond === undefined ? {} : { overallRate: perSecond }),
  });
  // autocannon's own percentiles are whole milliseconds: at one client a
  // save of 1.4 ms and one of 2.6 ms read as 1 and 2, a ratio of 2×. Its
  // responses carry their time unrounded; the 2xx ones count, as in its own.
  const latencies: number[] = [];
  run.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const result = await run;
  const at = percentiles(latencies);
  return {
    perSecond: result.requests.average,
    p50: at(0.5),
    p99: at(0.99),
    max: at(1),
    failed: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
  };
}

/** The q-quantile (0 to 1) of some latencies; NaN when there are none. */
function percentiles(latencies: number[]): (q: number) => number {
  const sorted = [...latencies].sort((a, b) => a - b);
  return (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

export async function directLoad(
  run: () => Promise<unknown>,
  clients: number,
  seconds: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const t = performance.now();
        try {
          await run();
          latencies.push(performance.now() - t);
        } catch {
          failed++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const at = percentiles(latencies);
  return {
    perSecond: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    max: at(1),
    failed,
    total: latencies.length + failed,
  };
}
