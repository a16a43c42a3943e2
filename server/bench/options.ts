// What one `npm run bench` measures, from the environment, so that a quick
// run (BENCH_SECONDS=2 BENCH_ONLY=postgres,save) needs no code change.

const ALL = ['postgres', 'pglite', 'save', 'history', 'start', 'web'] as const;
export type Part = (typeof ALL)[number];

function list(name: string): string[] {
  return (process.env[name] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

const only = list('BENCH_ONLY');
for (const part of only) {
  if (!(ALL as readonly string[]).includes(part)) {
    throw new Error(`BENCH_ONLY: unknown part ${JSON.stringify(part)} (parts: ${ALL.join(', ')})`);
  }
}

/** Parts come in groups (databases, workloads, extras); naming none of a group selects all of it. */
function selected(part: Part, group: readonly Part[]): boolean {
  const named = only.filter((p) => (group as readonly string[]).includes(p));
  if (only.length > 0 && named.length === 0 && group !== DATABASES && group !== WORKLOADS) {
    return false;
  }
  return named.length === 0 || named.includes(part);
}

const DATABASES = ['postgres', 'pglite'] as const;
const WORKLOADS = ['save', 'history'] as const;
const EXTRAS = ['start', 'web'] as const;

export const options = {
  seconds: Number(process.env['BENCH_SECONDS'] ?? 5),
  clients: list('BENCH_CLIENTS')
    .map(Number)
    .filter((n) => n > 0),
  activities: Number(process.env['BENCH_ACTIVITIES'] ?? 20_000),
  /** Admin URL of a PostgreSQL server on which a fresh database is made and dropped. */
  postgresUrl: process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  runs: (part: Part) =>
    (DATABASES as readonly Part[]).includes(part)
      ? selected(part, DATABASES)
      : (WORKLOADS as readonly Part[]).includes(part)
        ? selected(part, WORKLOADS)
        : selected(part, EXTRAS),
};
if (options.clients.length === 0) options.clients.push(1, 20, 50);
