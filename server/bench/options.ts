// What one `npm run bench` measures, from the environment, so that a quick
// run (BENCH_SECONDS=2 BENCH_ONLY=postgres,save) needs no code change.

const ALL = [
  'postgres',
  'pglite',
  'save',
  'history',
  'growth',
  'memory',
  'start',
  'insights',
  'web',
  'browser',
  'peer',
  'soak',
] as const;
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

/**
 * Parts come in groups (databases, workloads, extras). Naming none of the
 * databases selects both; naming no workload selects both unless extras are
 * named (BENCH_ONLY=growth runs just that); extras run only when named or
 * when nothing is.
 */
function selected(part: Part, group: readonly Part[]): boolean {
  const named = only.filter((p) => (group as readonly string[]).includes(p));
  if (only.length === 0) return true;
  if (named.length > 0) return named.includes(part);
  if (group === DATABASES) return true;
  if (group === WORKLOADS) return !only.some((p) => (EXTRAS as readonly string[]).includes(p));
  return false;
}

const DATABASES = ['postgres', 'pglite'] as const;
const WORKLOADS = ['save', 'history'] as const;
// soak runs whenever BENCH_SOAK_MINUTES is set; naming it runs it alone.
const EXTRAS = ['growth', 'memory', 'start', 'insights', 'web', 'browser', 'peer', 'soak'] as const;

export const options = {
  seconds: Number(process.env['BENCH_SECONDS'] ?? 5),
  clients: list('BENCH_CLIENTS')
    .map(Number)
    .filter((n) => n > 0),
  activities: Number(process.env['BENCH_ACTIVITIES'] ?? 20_000),
  /**
   * The empty-vs-grown saves (docs/decisions/049): seconds per run and runs, each on a new
   * journal. Runs of 5 s landed a couple of thousand saves, and one pause of
   * the embedded server (its statistics refresh) decided the ratio.
   */
  growthSeconds: Number(process.env['BENCH_GROWTH_SECONDS'] ?? 15),
  growthRuns: Number(process.env['BENCH_GROWTH_RUNS'] ?? 3),
  /** Saves of the memory load (docs/decisions/034: 20,000 by 20 clients, then history). */
  memorySaves: Number(process.env['BENCH_MEMORY_SAVES'] ?? 20_000),
  /**
   * A start command to measure memory with beside npm start's, in the same
   * run (say, npm start's command before a change of its flags).
   */
  memoryBefore: process.env['BENCH_MEMORY_BEFORE'],
  /**
   * Runs of the memory load per start command. With a command to compare,
   * the two take turns, first one then the other, so that neither always
   * runs second (on this machine the slot moved saves/s by 10-15%).
   */
  memoryRuns: Number(process.env['BENCH_MEMORY_RUNS'] ?? 1),
  /** Minutes of the soak (mixed load, RSS sampled); 0 runs none. */
  soakMinutes: Number(process.env['BENCH_SOAK_MINUTES'] ?? 0),
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
