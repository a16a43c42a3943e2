import { existingColumn } from './relation-columns.ts';
import type { Preferences } from './request-headers.ts';
import type { Column, Relation } from './schema-cache.ts';

/**
 * PostgREST's upsert: a POST with `Prefer: resolution=…` becomes
 * INSERT … ON CONFLICT (<on_conflict or the primary key>) DO NOTHING
 * (ignore-duplicates) or DO UPDATE SET each written column = EXCLUDED's
 * (merge-duplicates). Row-level security and the grants decide the rest: DO
 * UPDATE needs UPDATE rights and the UPDATE policy on the existing row.
 */
export interface ConflictResolution {
  resolution: 'ignore-duplicates' | 'merge-duplicates';
  /** The conflict target, from the schema cache. */
  columns: Column[];
}

/**
 * null: a plain insert. As in PostgREST, on_conflict= alone changes nothing
 * (the Prefer resolution asks for the upsert), and without on_conflict= the
 * primary key is the target; a relation with neither gets a plain insert.
 */
export function conflictResolution(
  relation: Relation,
  onConflict: string[] | null,
  prefs: Preferences,
): ConflictResolution | null {
  if (prefs.resolution === null) return null;
  const names = onConflict ?? relation.primaryKey;
  if (names.length === 0) return null;
  const columns = [...new Set(names)].map((name) => existingColumn(relation, name));
  return { resolution: prefs.resolution, columns };
}
