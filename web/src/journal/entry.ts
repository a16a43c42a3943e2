import type { ActivityRow } from './entry-row.ts';
import type { OwnAnswers } from './own-questions.ts';

/**
 * One entry of the journal as the app holds it: what Track saves, what the
 * outbox keeps on the device and sends (docs/decisions/041), and, with all
 * its fields given, what Look Back's editor changes. Energy and engagement
 * are whole percentages (0–100). Its shapes on the wire are in
 * entry-row.ts: the `activities` view's row and an exported file's entry.
 */
export interface JournalEntry {
  activity: string;
  energy: number;
  engagement: number;
  flowState: boolean;
  notes: string;
  /**
   * Tidy tags in order (tags.ts); absent or [] for none (an entry kept by an
   * older version of the app has none). Sent as one more answer, a JSON
   * array, in the same upsert (docs/decisions/038).
   */
  tags?: readonly string[] | undefined;
  /**
   * Answers to the person's own questions (docs/decisions/084), question id
   * to answer text; absent or {} for none. Sent as more answer rows in the
   * same upsert, so they land with the entry, once, or not at all.
   */
  answers?: OwnAnswers | undefined;
  /** When it happened (ISO 8601), for logging the past; absent means now. */
  createdAt?: string | undefined;
  /**
   * Made on the device when the person presses Save (crypto.randomUUID()) and
   * sent with every answer: the same key sent again stores nothing more
   * (docs/decisions/035).
   */
  entryKey: string;
}

/**
 * An edit of a stored entry (docs/decisions/019): every field given, tags
 * ([] removes them), own answers ({} removes them) and its time (the same as before when unchanged). The
 * key stays as stored.
 */
export type EntryChanges = Required<Omit<JournalEntry, 'entryKey'>>;

/** A stored entry, as the `activities` view gives it, in the app's own shape. */
export function entryOfRow(row: ActivityRow): EntryChanges {
  return {
    activity: row.activity,
    energy: row.energy,
    engagement: row.engagement,
    flowState: row.flow_state,
    notes: row.notes ?? '',
    tags: row.tags ?? [],
    answers: row.answers ?? {},
    createdAt: row.created_at,
  };
}
