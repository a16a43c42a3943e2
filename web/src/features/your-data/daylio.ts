import { parseCsv } from './csv.ts';
import type { ImportProblem, ReadyEntry } from './parse-import.ts';
import { checkEntry } from './validate-entry.ts';

// Daylio's CSV export (docs/decisions/040, docs/product.md "Import from
// Daylio"): one row per Daylio entry, newest first, with the header
//   full_date,date,weekday,time,mood,activities,note_title,note
// full_date is YYYY-MM-DD; time is the phone's clock format ("9:05 pm",
// "21:05"); activities are separated by " | "; notes may hold new lines
// (quoted) and Daylio's bits of HTML (<br>, <b>…</b>).

export const DAYLIO_HEADER = [
  'full_date',
  'date',
  'weekday',
  'time',
  'mood',
  'activities',
  'note_title',
  'note',
] as const;

/** Daylio's five built-in moods, best to worst, and the energy each becomes. */
export const DAYLIO_MOOD_ENERGY: Readonly<Record<string, number>> = {
  rad: 100,
  good: 75,
  meh: 50,
  bad: 25,
  awful: 0,
};

/** The levels a mood can be given in the preview: Daylio's five positions. */
export const MOOD_LEVELS = [100, 75, 50, 25, 0] as const;

/** A mood Daylio's file names that is not one of the five: the middle until chosen. */
export const UNKNOWN_MOOD_ENERGY = 50;

/** Engagement is not something Daylio records; every imported entry gets this. */
export const DAYLIO_ENGAGEMENT = 50;

/** What an entry is called when its Daylio row has no activities. */
export const DAYLIO_FALLBACK_ACTIVITY = 'Daylio entry';

/** Tags an entry may carry, and their length (the Tags field's limits). */
export const MAX_TAGS = 10;
export const TAG_MAX_LENGTH = 40;

export interface DaylioEntry extends ReadyEntry {
  /** The row's Daylio activities, as tags. */
  tags: string[];
  /** The mood as the file names it (lower case), for the preview. */
  mood: string;
}

export interface DaylioMood {
  /** Lower case, as grouped. */
  name: string;
  entries: number;
  energy: number;
  /** One of Daylio's five built-in moods. */
  builtIn: boolean;
}

export interface DaylioCheck {
  format: 'daylio';
  entries: DaylioEntry[];
  problems: ImportProblem[];
  /** Every mood of the file, in order of first appearance, with its energy. */
  moods: DaylioMood[];
}

const normalised = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** Whether a file's header row is Daylio's. */
export function isDaylioHeader(fields: readonly string[]): boolean {
  const names = fields.map(normalised);
  return DAYLIO_HEADER.every((name) => names.includes(name));
}

const TIME_24H = /^(\d{1,2})[:.](\d{2})$/;
const TIME_12H = /^(\d{1,2})[:.](\d{2})\s*([ap])\.?\s*m\.?$/i;

/** Minutes after midnight for "21:05", "9:05 pm", "12:30 a.m.", or undefined. */
export function parseDaylioTime(text: string): { hours: number; minutes: number } | undefined {
  const value = text.trim();
  const twelve = TIME_12H.exec(value);
  if (twelve) {
    const hour = Number(twelve[1]);
    const minutes = Number(twelve[2]);
    if (hour < 1 || hour > 12 || minutes > 59) return undefined;
    const pm = twelve[3]?.toLowerCase() === 'p';
    return { hours: (hour % 12) + (pm ? 12 : 0), minutes };
  }
  const plain = TIME_24H.exec(value);
  if (!plain) return undefined;
  const hours = Number(plain[1]);
  const minutes = Number(plain[2]);
  if (hours > 23 || minutes > 59) return undefined;
  return { hours, minutes };
}

const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');

/**
 * The instant a local date and time names in this browser's zone, as ISO with
 * its offset. A time the clocks skip (spring forward) becomes the time as far
 * after the gap as it was into it (02:30 → 03:30); a time that happens twice
 * (autumn) is the first of the two. Both are what JavaScript's Date does.
 */
export function localInstantText(
  year: number,
  month: number,
  day: number,
  hours: number,
  minutes: number,
  seconds = 0,
): string | undefined {
  const instant = new Date(year, month - 1, day, hours, minutes, seconds);
  if (
    Number.isNaN(instant.getTime()) ||
    instant.getFullYear() !== year ||
    instant.getMonth() !== month - 1 ||
    instant.getDate() !== day
  ) {
    return undefined;
  }
  const east = -instant.getTimezoneOffset();
  const zone = `${east < 0 ? '-' : '+'}${pad(Math.trunc(east / 60))}:${pad(east % 60)}`;
  return (
    `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}` +
    `T${pad(instant.getHours())}:${pad(instant.getMinutes())}:${pad(instant.getSeconds())}${zone}`
  );
}

/** Daylio's formatting as plain text: <br> as a new line, other tags dropped. */
export function plainNote(text: string): string {
  return text
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?(?:b|i|u|s|em|strong|p|div|span|ul|ol|li)(?:\s[^>]*)?>/gi, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
}

// Characters a tag may not hold (docs/decisions/038) that are not whitespace:
// other control characters and invisible format characters. Whitespace
// (line breaks, U+2028, tabs) becomes one space like any run of it.
const REFUSED_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x00, 0x1f],
  [0x7f, 0x9f],
  [0xad, 0xad],
  [0x200b, 0x200b],
  // Not the joiners U+200C/U+200D: Persian words and emoji such as 👩‍💻 need them.
  [0x200e, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0xfeff, 0xfeff],
  [0xfff9, 0xfffb],
];
const allowedInTag = (ch: string) => {
  const code = ch.codePointAt(0) ?? 0;
  return !REFUSED_RANGES.some(([low, high]) => code >= low && code <= high);
};

/**
 * The row's activities as tags: split on "|" (and on "," and ";", which end
 * a tag where one is typed and which a tag may not hold), tidied like the
 * database tidies them, repeats (any case) once, within the tag limits.
 */
export function daylioTags(activities: string): string[] {
  const tags: string[] = [];
  const seen = new Set<string>();
  for (const part of activities.split(/[|,;]/)) {
    const tidy = [...part.replace(/\s+/g, ' ')].filter(allowedInTag).join('').trim();
    const tag = [...tidy].slice(0, TAG_MAX_LENGTH).join('').trim();
    const key = tag.toLowerCase();
    if (tag === '' || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags.slice(0, MAX_TAGS);
}

/**
 * Reads a Daylio export. `moodEnergy` holds the levels the person chose in
 * the preview for moods that are not Daylio's five (by lower-case name).
 */
export function checkDaylioFile(
  text: string,
  moodEnergy: Readonly<Record<string, number>> = {},
  now: Date = new Date(),
): DaylioCheck {
  const { records, unclosedQuoteLine } = parseCsv(text);
  const [header, ...rows] = records;
  const entries: DaylioEntry[] = [];
  const problems: ImportProblem[] = [];
  const moods = new Map<string, DaylioMood>();
  if (!header || !isDaylioHeader(header.fields)) {
    return {
      format: 'daylio',
      entries,
      moods: [],
      problems: [{ line: 1, message: 'the header is not a Daylio export' }],
    };
  }
  const column = new Map(header.fields.map((name, index) => [normalised(name), index]));
  const cell = (fields: string[], name: (typeof DAYLIO_HEADER)[number]) =>
    fields[column.get(name) ?? -1] ?? '';
  // Entries sharing a minute get a second each, in file order, so that no two
  // share a time (a time holds one entry) and none is lost.
  const perMinute = new Map<string, number>();

  for (const { line, fields } of rows) {
    const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(cell(fields, 'full_date').trim());
    const time = parseDaylioTime(cell(fields, 'time'));
    const lineProblems: string[] = [];
    if (!date) lineProblems.push(`full_date "${cell(fields, 'full_date')}" is not like 2025-03-01`);
    if (!time) lineProblems.push(`time "${cell(fields, 'time')}" is not like 21:05 or 9:05 pm`);

    const moodName = normalised(cell(fields, 'mood'));
    if (moodName === '') lineProblems.push('mood is empty');
    const builtIn = moodName in DAYLIO_MOOD_ENERGY;
    const energy = builtIn
      ? (DAYLIO_MOOD_ENERGY[moodName] ?? UNKNOWN_MOOD_ENERGY)
      : (moodEnergy[moodName] ?? UNKNOWN_MOOD_ENERGY);
    if (moodName !== '') {
      const mood = moods.get(moodName) ?? { name: moodName, entries: 0, energy, builtIn };
      mood.entries++;
      moods.set(moodName, mood);
    }

    let iso: string | undefined;
    if (date && time) {
      const [year, month, day] = date.slice(1).map(Number) as [number, number, number];
      const minute = `${date[0]} ${time.hours}:${time.minutes}`;
      const seconds = perMinute.get(minute) ?? 0;
      perMinute.set(minute, seconds + 1);
      iso = localInstantText(year, month, day, time.hours, time.minutes, Math.min(seconds, 59));
      if (!iso) lineProblems.push(`full_date "${cell(fields, 'full_date')}" is not a real date`);
    }

    const tags = daylioTags(cell(fields, 'activities'));
    const title = plainNote(cell(fields, 'note_title'));
    const note = plainNote(cell(fields, 'note'));
    const notes = [title, note].filter((part) => part !== '').join('\n\n');
    if (lineProblems.length > 0) {
      for (const message of lineProblems) problems.push({ line, message });
      continue;
    }
    const checked = checkEntry(
      {
        date: iso,
        activity: tags[0] ?? DAYLIO_FALLBACK_ACTIVITY,
        energy,
        engagement: DAYLIO_ENGAGEMENT,
        flow_state: false,
        notes,
      },
      now,
    );
    if (checked.ok) entries.push({ ...checked.entry, line, tags, mood: moodName });
    else for (const message of checked.problems) problems.push({ line, message });
  }
  if (unclosedQuoteLine !== undefined) {
    problems.push({
      line: unclosedQuoteLine,
      message: 'a quoted field starts here and is never closed',
    });
  }
  // Daylio lists newest first; oldest first reads (and imports) naturally.
  entries.reverse();
  return { format: 'daylio', entries, problems, moods: [...moods.values()] };
}
