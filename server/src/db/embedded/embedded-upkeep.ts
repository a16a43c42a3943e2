import type { Database } from '../database.ts';
import { collectOldGenerationAtTwiceLive } from './embedded-heap.ts';
import { refreshStatisticsPeriodically } from './statistics.ts';

// What only the embedded database needs while the server runs, beside the
// durability and the data-dir lock that opening it already brings: V8's heap
// held closer to what is live (PGlite shares the process's memory,
// docs/decisions/052) and the planner statistics that PostgreSQL's
// autovacuum would otherwise keep (statistics.ts).

export interface EmbeddedUpkeep {
  stop(): void;
}

export function startEmbeddedUpkeep(db: Database, onError: (err: unknown) => void): EmbeddedUpkeep {
  const statistics = refreshStatisticsPeriodically(db, onError);
  db.rowsChanged = (count) => statistics.rowsChanged(count);
  return { stop: () => statistics.stop() };
}

/** Before the database opens: the heap's growth is V8's to decide from the start. */
export function prepareProcessForEmbedded(): void {
  collectOldGenerationAtTwiceLive();
}
