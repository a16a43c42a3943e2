import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkDaylioFile,
  DAYLIO_ENGAGEMENT,
  isDaylioHeader,
  parseDaylioTime,
} from '../../src/features/your-data/daylio.ts';

// Daylio's CSV export (docs/decisions/040). Local times are read in the
// browser's zone; Berlin here, whose clocks skip 02:00–03:00 on 30 March 2025
// and repeat 02:00–03:00 on 26 October 2025.
const savedZone = process.env['TZ'];
beforeAll(() => {
  process.env['TZ'] = 'Europe/Berlin';
});
afterAll(() => {
  if (savedZone === undefined) delete process.env['TZ'];
  else process.env['TZ'] = savedZone;
});

const NOW = new Date('2026-01-01T12:00:00Z');
const HEADER = 'full_date,date,weekday,time,mood,activities,note_title,note';
const file = (...rows: string[]) => [HEADER, ...rows].join('\r\n') + '\r\n';

describe('Daylio header', () => {
  it('is recognised in any order and case, with a byte-order mark handled by the caller', () => {
    expect(isDaylioHeader(HEADER.split(','))).toBe(true);
    expect(isDaylioHeader(HEADER.toUpperCase().split(',').reverse())).toBe(true);
    expect(isDaylioHeader('date,activity,energy,engagement,flow_state,notes'.split(','))).toBe(
      false,
    );
  });
});

describe('Daylio times', () => {
  it.each([
    ['21:05', 21, 5],
    ['9:05 pm', 21, 5],
    ['9:05 PM', 21, 5],
    ['12:30 am', 0, 30],
    ['12:30 pm', 12, 30],
    ['12:30 a.m.', 0, 30],
    ['07.45', 7, 45],
    ['0:00', 0, 0],
  ])('reads %s', (text, hours, minutes) => {
    expect(parseDaylioTime(text)).toEqual({ hours, minutes });
  });

  it.each(['25:00', '13:00 pm', '0:10 am', '9 pm', 'noon', ''])('refuses %j', (text) => {
    expect(parseDaylioTime(text)).toBeUndefined();
  });
});

describe('Daylio rows', () => {
  it('maps moods, activities, notes and the local time', () => {
    const check = checkDaylioFile(
      file(
        '2025-06-02,June 2,Monday,9:05 pm,rad,"friends | movies / tv | friends ","Film night","Saw ""Up"", cried"',
        '2025-06-01,June 1,Sunday,08:15,awful,"","",""',
      ),
      {},
      NOW,
    );
    expect(check.problems).toEqual([]);
    // Oldest first.
    expect(check.entries).toEqual([
      {
        line: 3,
        date: '2025-06-01T08:15:00+02:00',
        activity: 'Daylio entry',
        energy: 0,
        engagement: DAYLIO_ENGAGEMENT,
        flow_state: false,
        notes: null,
        tags: [],
        mood: 'awful',
      },
      {
        line: 2,
        date: '2025-06-02T21:05:00+02:00',
        activity: 'friends',
        energy: 100,
        engagement: DAYLIO_ENGAGEMENT,
        flow_state: false,
        notes: 'Film night\n\nSaw "Up", cried',
        tags: ['friends', 'movies / tv'],
        mood: 'rad',
      },
    ]);
    expect(check.moods).toEqual([
      { name: 'rad', entries: 1, energy: 100, builtIn: true },
      { name: 'awful', entries: 1, energy: 0, builtIn: true },
    ]);
  });

  it('keeps new lines, U+2028 and commas inside quoted notes, and turns <br> into a new line', () => {
    const check = checkDaylioFile(
      file(
        '2025-06-03,June 3,Tuesday,10:00,good,work,"","first line\nsecond, with comma\u2028third<br>fourth <b>bold</b>"',
        '2025-06-02,June 2,Monday,10:00,meh,work,"",plain',
      ),
      {},
      NOW,
    );
    expect(check.problems).toEqual([]);
    const [plain, quoted] = check.entries;
    expect(quoted?.notes).toBe('first line\nsecond, with comma\u2028third\nfourth bold');
    expect(quoted?.line).toBe(2);
    expect(plain?.line).toBe(4);
    expect(plain?.energy).toBe(50);
    expect(quoted?.energy).toBe(75);
  });

  it('gives unknown moods the middle level until the person chooses one', () => {
    const text = file(
      '2025-06-03,June 3,Tuesday,10:00,Ecstatic,,,',
      '2025-06-02,June 2,Monday,10:00,bad,,,',
      '2025-06-01,June 1,Sunday,10:00,ecstatic,,,',
    );
    const first = checkDaylioFile(text, {}, NOW);
    expect(first.moods).toEqual([
      { name: 'ecstatic', entries: 2, energy: 50, builtIn: false },
      { name: 'bad', entries: 1, energy: 25, builtIn: true },
    ]);
    const chosen = checkDaylioFile(text, { ecstatic: 100 }, NOW);
    expect(chosen.entries.map((e) => e.energy)).toEqual([100, 25, 100]);
  });

  it('takes a time the clocks skip as after the gap, and a repeated one as the first', () => {
    const check = checkDaylioFile(
      file(
        '2025-10-26,October 26,Sunday,2:30 am,good,,,',
        '2025-03-30,March 30,Sunday,2:30 am,good,,,',
      ),
      {},
      NOW,
    );
    expect(check.problems).toEqual([]);
    expect(check.entries.map((e) => e.date)).toEqual([
      '2025-03-30T03:30:00+02:00',
      '2025-10-26T02:30:00+02:00',
    ]);
  });

  it('keeps entries that share a minute apart by a second each', () => {
    const check = checkDaylioFile(
      file('2025-06-01,June 1,Sunday,10:00,good,a,,', '2025-06-01,June 1,Sunday,10:00,bad,b,,'),
      {},
      NOW,
    );
    expect(check.entries.map((e) => [e.activity, e.date])).toEqual([
      ['b', '2025-06-01T10:00:01+02:00'],
      ['a', '2025-06-01T10:00:00+02:00'],
    ]);
  });

  it('names each bad line and imports the rest', () => {
    const check = checkDaylioFile(
      file(
        '2025-02-30,February 30,?,10:00,good,,,',
        '2025-06-01,June 1,Sunday,25:00,good,,,',
        '2025-06-01,June 1,Sunday,10:00,,,,',
        '2030-06-01,June 1,Saturday,10:00,good,,,',
        '2025-06-01,June 1,Sunday,11:00,good,,,"never closed',
      ),
      {},
      NOW,
    );
    expect(check.entries).toEqual([]);
    expect(check.problems.map((p) => `${p.line}: ${p.message}`)).toEqual([
      '2: full_date "2025-02-30" is not a real date',
      '3: time "25:00" is not like 21:05 or 9:05 pm',
      '4: mood is empty',
      '5: date "2030-06-01T10:00:00+02:00" is in the future',
      '6: a quoted field starts here and is never closed',
    ]);
  });

  it('makes tags the database takes: commas and semicolons split, invisible characters dropped', () => {
    const check = checkDaylioFile(
      file(
        '2025-06-01,June 1,Sunday,10:00,good,"tea, cake;  Reading \u200b| line\u2028break |  | TEA",,',
      ),
      {},
      NOW,
    );
    expect(check.entries[0]?.tags).toEqual(['tea', 'cake', 'Reading', 'line break']);
  });

  it('keeps at most 10 tags of at most 40 characters', () => {
    const many = Array.from({ length: 12 }, (_, i) => `a${i}`).join(' | ');
    const long = 'x'.repeat(50);
    const check = checkDaylioFile(
      file(`2025-06-01,June 1,Sunday,10:00,good,"${long} | ${many}",,`),
      {},
      NOW,
    );
    const tags = check.entries[0]?.tags ?? [];
    expect(tags).toHaveLength(10);
    expect(tags[0]).toBe('x'.repeat(40));
    expect(check.entries[0]?.activity).toBe('x'.repeat(40));
  });
});
