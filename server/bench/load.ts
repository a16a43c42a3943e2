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
  const result = await autocannon({
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
  return {
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    failed: result.errors + result.timeouts + result.non2xx,
    total: result.requests.total,
  };
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
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    perSecond: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1) ?? NaN,
    failed,
    total: latencies.length + failed,
  };
}
