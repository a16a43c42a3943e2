// The peer the bench races, @supabase/lite on SQLite (docs/benchmark.md,
// "The peer"): installed on first use into a folder of its own, so that
// `npm ci` for the app and its tests never carries it; started on a data
// directory; its journal grown with the server stopped, as ours is.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startHealthy, type RunningServer } from './server-process.ts';

const PEER_DIR = fileURLToPath(new URL('./peer/', import.meta.url));

/** What the peer's package.json pins, installed from its lockfile. */
export function ensurePeerInstalled(): void {
  if (existsSync(join(PEER_DIR, 'node_modules/@supabase/lite/package.json'))) return;
  const npm = spawnSync(
    'npm',
    ['ci', '--prefix', PEER_DIR, '--no-audit', '--no-fund', '--ignore-scripts'],
    { stdio: 'inherit' },
  );
  if (npm.status !== 0) throw new Error('installing the bench peer failed');
}

/** A signing secret for one race: the peer's tokens outlive its restarts. */
export const peerSecret = (): string => randomBytes(32).toString('hex');

export function startPeer(dataDir: string, jwtSecret: string): Promise<RunningServer> {
  return startHealthy(process.execPath, [join(PEER_DIR, 'serve.ts')], {
    cwd: PEER_DIR,
    env: {
      ...process.env,
      PEER_DATA_DIR: dataDir,
      PEER_JWT_SECRET: jwtSecret,
      LITE_DRIVER: 'sqlite',
      // No telemetry from a bench run.
      LITE_TELEMETRY: '0',
      DO_NOT_TRACK: '1',
    },
  });
}

const databaseOf = (dataDir: string) => new DatabaseSync(join(dataDir, 'peer.db'));

/**
 * The same years of journal as ours (server/test/helpers/seed-history.ts):
 * one entry every 144 minutes back from now, five answers sharing an entry
 * key, every third in flow. Written with the peer stopped.
 */
export function seedPeer(dataDir: string, userId: string, entries: number): void {
  const db = databaseOf(dataDir);
  try {
    db.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO user_answers (user_id, question_id, answer, entry_key, created_at)
       SELECT ?, q.id,
              CASE q.question
                WHEN 'Activity Description' THEN 'Activity ' || i
                WHEN 'Energy Level' THEN CAST((i * 37) % 101 AS TEXT)
                WHEN 'Engagement Level' THEN CAST((i * 53) % 101 AS TEXT)
                WHEN 'Flow State' THEN CASE WHEN i % 3 = 0 THEN 'true' ELSE 'false' END
                ELSE 'Notes for ' || i
              END,
              printf('%08x-0000-4000-8000-%012x', i, i),
              datetime('now', '-' || (i * 144) || ' minutes')
       FROM n CROSS JOIN questions q`,
    ).run(entries, userId);
  } finally {
    db.close();
  }
}

/** Entries of the person, and those without all five answers (a save that landed in part). */
export function peerEntries(dataDir: string, userId: string): { entries: number; broken: number } {
  const db = databaseOf(dataDir);
  try {
    const row = db
      .prepare(
        `SELECT count(*) AS entries, coalesce(sum(n <> 5), 0) AS broken FROM (
           SELECT count(*) AS n FROM user_answers WHERE user_id = ? GROUP BY entry_key)`,
      )
      .get(userId) as { entries: number; broken: number };
    return { entries: Number(row.entries), broken: Number(row.broken) };
  } finally {
    db.close();
  }
}
