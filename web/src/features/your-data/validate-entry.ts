import { ACTIVITY_MAX_LENGTH, NOTES_MAX_LENGTH } from '../../journal/entry-limits.ts';
import { addTag, tagProblem } from '../../journal/tags.ts';
import type { ExportedEntry } from '../../journal/entry-row.ts';
import { CSV_TAG_SEPARATOR } from './entry.ts';
import { parseEntryDate } from './parse-date.ts';

/** Characters as the database counts them (char_length): an emoji is one, not two UTF-16 units. */
const codePoints = (text: string) => [...text].length;

/** One entry's fields as a file gave them: text from a CSV, any JSON value from JSON. */
export interface RawEntry {
  date: unknown;
  activity: unknown;
  energy: unknown;
  engagement: unknown;
  flow_state: unknown;
  notes: unknown;
  /** A CSV cell of tags separated by ';', or a JSON array of texts; absent in files from before tags. */
  tags?: unknown;
}

export type CheckedEntry = { ok: true; entry: ExportedEntry } | { ok: false; problems: string[] };

const shown = (value: unknown) =>
  typeof value === 'string'
    ? JSON.stringify(value)
    : value === undefined
      ? 'missing'
      : JSON.stringify(value);

function percentage(name: string, value: unknown, problems: string[]): number {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*\d{1,3}(\.\d+)?\s*$/.test(value)
        ? Number(value)
        : NaN;
  if (!Number.isFinite(number) || number < 0 || number > 100) {
    problems.push(`${name} ${shown(value)} is not a number from 0 to 100`);
    return 0;
  }
  return Math.round(number);
}

function flag(value: unknown, problems: string[]): boolean {
  if (typeof value === 'boolean') return value;
  if (value === undefined || value === null) return false;
  const text = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  if (text === 'true' || text === 'yes' || text === '1') return true;
  if (text === 'false' || text === 'no' || text === '0' || text === '') return false;
  problems.push(`flow_state ${shown(value)} is not true or false`);
  return false;
}

/** Checks one entry completely, so that a line's every problem is named at once. */
export function checkEntry(raw: RawEntry, now: Date = new Date()): CheckedEntry {
  const problems: string[] = [];

  let date = '';
  if (typeof raw.date !== 'string') {
    problems.push(`date ${shown(raw.date)} is not a date and time like 2025-03-01T08:30:00+01:00`);
  } else {
    const parsed = parseEntryDate(raw.date, now);
    if (parsed.ok) date = parsed.iso;
    else problems.push(parsed.reason);
  }

  const activity = typeof raw.activity === 'string' ? raw.activity : '';
  if (activity.trim() === '') problems.push('activity is empty');
  else if (codePoints(activity) > ACTIVITY_MAX_LENGTH)
    problems.push(`activity is longer than ${ACTIVITY_MAX_LENGTH} characters`);

  const energy = percentage('energy', raw.energy, problems);
  const engagement = percentage('engagement', raw.engagement, problems);
  const flowState = flag(raw.flow_state, problems);

  let notes: string | null = null;
  if (typeof raw.notes === 'string') notes = raw.notes === '' ? null : raw.notes;
  else if (raw.notes !== undefined && raw.notes !== null) problems.push('notes is not a text');
  if (notes !== null && codePoints(notes) > NOTES_MAX_LENGTH) {
    problems.push(`notes is longer than ${NOTES_MAX_LENGTH} characters`);
  }

  const tags = entryTags(raw.tags, problems);

  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    entry: { date, activity, energy, engagement, flow_state: flowState, notes, tags },
  };
}

/** The entry's tags, by the rules the database keeps (journal/tags.ts); none when absent. */
function entryTags(value: unknown, problems: string[]): string[] {
  if (value === undefined || value === null || value === '') return [];
  const texts =
    typeof value === 'string'
      ? value.split(CSV_TAG_SEPARATOR).filter((t) => t.trim() !== '')
      : Array.isArray(value) && value.every((t) => typeof t === 'string')
        ? (value as string[])
        : undefined;
  if (!texts) {
    problems.push('tags is not a list of texts');
    return [];
  }
  let tags: readonly string[] = [];
  for (const text of texts) {
    const problem = tagProblem(text, tags);
    if (problem) {
      problems.push(`tag ${shown(text)}: ${problem}`);
      return [];
    }
    tags = addTag(tags, text);
  }
  return [...tags];
}
