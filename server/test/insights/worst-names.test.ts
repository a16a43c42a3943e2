import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient } from '../helpers/users.ts';
import { logEntries, type TimedEntry } from './log-entry.ts';

// The worst names a person may give activities and tags come back from
// Insights exactly as typed, wherever the answer names them: the longest
// activity (500 characters) in emoji that take two UTF-16 units and joiners,
// the line and paragraph separators JSON and JavaScript once disagreed on,
// right-to-left text, quotes and a formula-like start; tags at their longest
// (40 characters) in right-to-left script and emoji.

const LONGEST_ACTIVITY = 500;
const LONGEST_TAG = 40;
const WALKER = '🚶🏽‍♀️'; // 5 code points: walking, skin tone, joiner, woman, emoji style
const ACTIVITIES = [
  `Walk\u2028${WALKER.repeat((LONGEST_ACTIVITY - 5) / 5)}`,
  'اجتماع «Meetings»\u2029会議',
  '=SUM(A1) "Email", \'quoted\'',
  'Reading',
];
const TAGS = ['בחוץ'.padEnd(LONGEST_TAG, 'ם'), '🌧️'.repeat(LONGEST_TAG / 2)];

/** Every {key, name} pair anywhere in an answer. */
function namesIn(value: unknown, found: Array<{ key: string; name: string }> = []) {
  if (Array.isArray(value)) for (const v of value) namesIn(v, found);
  else if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o['key'] === 'string' && typeof o['name'] === 'string') {
      found.push({ key: o['key'], name: o['name'] });
    }
    for (const v of Object.values(o)) namesIn(v, found);
  }
  return found;
}

const server = await serverForFile();

describe('Insights over the worst names a person may store', () => {
  let answer: Record<string, unknown>;

  beforeAll(async () => {
    expect([...ACTIVITIES[0]!].length).toBe(LONGEST_ACTIVITY);
    expect(TAGS.map((t) => [...t].length)).toEqual([LONGEST_TAG, LONGEST_TAG]);
    const person = await signedInClient(server, 'worst-names');
    // Six days of every activity, each day at other hours (the model holds
    // the time of day fixed), energies that differ by activity and day, and
    // each tag on some entries of every activity, apart from the other:
    // enough for each to be compared and ranked.
    const entries: TimedEntry[] = [];
    for (let day = 0; day < 6; day++) {
      ACTIVITIES.forEach((activity, a) => {
        entries.push({
          activity,
          energy: 30 + a * 12 + ((day * 7) % 11),
          engagement: 40 + ((a + day) % 4) * 9,
          tags: TAGS.filter((_, t) => (a + day * (t + 1)) % 3 === 0),
          at: new Date(Date.UTC(2025, 2, 3 + day, 6 + ((a * 3 + day * 5) % 12), a)).toISOString(),
        });
      });
    }
    await logEntries(person.client, person.userId, entries);
    const { data, error } = await person.client.rpc('insights', {
      period_days: null,
      time_zone: 'Asia/Jerusalem',
    });
    expect(error).toBeNull();
    answer = data as Record<string, unknown>;
  });

  it('names every activity and tag exactly as typed, and nothing else', () => {
    const names = namesIn(answer).map((n) => n.name);
    expect(new Set(names)).toEqual(new Set([...ACTIVITIES, ...TAGS]));
  });

  it('compares each of them, under its own name', () => {
    const { comparisons } = answer as { comparisons: { energy: Array<{ name: string }> } };
    expect(comparisons.energy.map((c) => c.name).sort()).toEqual([...ACTIVITIES, ...TAGS].sort());
  });
});
