import { setFlagsFromString } from 'node:v8';

/**
 * With the embedded database, V8 collects its old generation once it has
 * grown to twice what was live after the last collection, instead of the
 * up to four times it picks under load: PostgreSQL's memory and V8's share one
 * process, and the garbage held until the next collection was most of the
 * server's memory after a busy spell (docs/decisions/052). With PostgreSQL in
 * a process of its own V8 keeps its own choice: there, the extra collections
 * cost a fifth of the saves per second at 50 clients.
 *
 * Set while the server runs, not as a start flag, because the database is
 * known only once the configuration has been read. V8 reads this flag each
 * time it sets the next limit.
 */
export function collectOldGenerationAtTwiceLive(): void {
  setFlagsFromString('--heap-growing-percent=100');
}
