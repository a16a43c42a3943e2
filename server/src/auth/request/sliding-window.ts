import type { Queryable } from '../../db/database.ts';

// A count of hits in a sliding window, kept in auth.rate_limits so that every
// replica shares it and the database clock decides the window (replicas'
// clocks may disagree). The previous window counts for the part of it still
// inside the last `windowSeconds`, so a burst can neither double the limit by
// straddling a window boundary nor get a fresh allowance at one.

export interface WindowCount {
  /** Hits in the last `windowSeconds`, this one included. */
  hits: number;
  /** Seconds since the current window began. */
  elapsed: number;
}

/** Adds one hit to `bucket` and counts the window, in one statement (the upsert takes the row lock). */
export async function countHit(
  db: Queryable,
  bucket: string,
  windowSeconds: number,
): Promise<WindowCount> {
  const { rows } = await db.query<{ hits: number; previous: number; elapsed: number }>(
    `WITH current AS (
       INSERT INTO auth.rate_limits AS r (bucket, window_start, hits)
       VALUES ($1, to_timestamp(floor(extract(epoch FROM now()) / $2) * $2), 1)
       ON CONFLICT (bucket, window_start) DO UPDATE SET hits = r.hits + 1
       RETURNING hits, window_start
     )
     SELECT current.hits, coalesce(previous.hits, 0) AS previous,
            extract(epoch FROM now() - current.window_start)::float8 AS elapsed
       FROM current
       LEFT JOIN auth.rate_limits previous
         ON previous.bucket = $1
        AND previous.window_start = current.window_start - make_interval(secs => $2)`,
    [bucket, windowSeconds],
  );
  const row = rows[0];
  const elapsed = row?.elapsed ?? 0;
  const overlap = Math.max(0, 1 - elapsed / windowSeconds);
  return { hits: (row?.hits ?? 0) + (row?.previous ?? 0) * overlap, elapsed };
}
