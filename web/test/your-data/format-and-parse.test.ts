import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/features/your-data/csv.ts';
import type { ExportedEntry } from '../../src/journal/entry-row.ts';
import { entriesToCsv, entriesToJson } from '../../src/features/your-data/format-export.ts';
import { parseEntryDate } from '../../src/features/your-data/parse-date.ts';
import { checkImportFile, problemText } from '../../src/features/your-data/parse-import.ts';
import { makeCellInert, undoInertPrefix } from '../../src/features/your-data/spreadsheet-safe.ts';

const NOW = new Date('2026-01-01T12:00:00Z');
const account = { email: 'ada@example.com', first_name: 'Ada', last_name: 'L' };

const tricky: ExportedEntry[] = [
  {
    date: '2025-03-01T06:30:00.123456+00:00',
    activity: 'Deep work, "focused"',
    energy: 80,
    engagement: 65,
    flow_state: true,
    notes: 'line one\nline two, with "quotes" and emoji 🙂🚀\r\nCRLF too',
    tags: ['focus', 'with Sam'],
  },
  {
    date: '2025-03-02T21:00:00+02:00',
    activity: '=HYPERLINK("http://evil")',
    energy: 0,
    engagement: 100,
    flow_state: false,
    notes: null,
    tags: ['=SUM(1)', 'été 🙂'],
  },
  {
    date: '2025-03-03T07:15:00-05:00',
    activity: "'=already quoted",
    energy: 50,
    engagement: 50,
    flow_state: false,
    notes: '-5 km, +2 @home\tand a tab',
    tags: [],
  },
  {
    date: '2025-03-04T07:15:00+00:00',
    activity: "'plain apostrophe",
    energy: 1,
    engagement: 2,
    flow_state: true,
    notes: '@',
    tags: ['Outside'],
  },
];

const withoutLine = (entries: Array<ExportedEntry & { line: number }>) =>
  entries.map(({ line: _line, ...entry }) => entry);

describe('CSV export', () => {
  it('has the header, CRLF rows, RFC 4180 quoting and inert formula cells', () => {
    const csv = entriesToCsv(tricky);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('date,activity,energy,engagement,flow_state,notes,tags');
    expect(csv).toContain('"Deep work, ""focused"""');
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv).toContain(`''=already quoted`);
    expect(csv).toContain(`'-5 km`);
    expect(csv.endsWith('\r\n')).toBe(true);
    // Every cell a spreadsheet reads starts with something it will not run.
    for (const { fields } of parseCsv(csv).records) {
      for (const field of fields) expect(field).not.toMatch(/^[=+\-@\t\r]/);
    }
  });

  it('reads back every field exactly', () => {
    const check = checkImportFile(entriesToCsv(tricky), NOW);
    expect(check.problems).toEqual([]);
    expect(check.format).toBe('csv');
    expect(withoutLine(check.entries)).toEqual(tricky);
    expect(check.entries.map((e) => e.line)).toEqual([2, 5, 6, 7]);
  });
});

describe('JSON export', () => {
  it('has the version, the account and the entries, and reads back exactly', () => {
    const json = entriesToJson(account, tricky, NOW);
    const data = JSON.parse(json) as Record<string, unknown>;
    expect(data['version']).toBe(2);
    expect(data['account']).toEqual(account);
    expect(data['entries']).toEqual(tricky);
    const check = checkImportFile(json, NOW);
    expect(check.problems).toEqual([]);
    expect(check.format).toBe('json');
    expect(withoutLine(check.entries)).toEqual(tricky);
    expect(check.entries.map((e) => e.line)).toEqual([3, 4, 5, 6]);
  });

  it('names the line of a wrong entry and of a syntax error', () => {
    const json = entriesToJson(account, tricky, NOW).replace('"energy":0,', '"energy":"abc",');
    expect(checkImportFile(json, NOW).problems.map(problemText)).toEqual([
      'line 4: energy "abc" is not a number from 0 to 100',
    ]);
    const broken = '{\n  "version": 1,\n  "entries": [\n    {"date": }\n  ]\n}';
    expect(checkImportFile(broken, NOW).problems[0]?.line).toBe(4);
    expect(checkImportFile('{"version": 9, "entries": []}', NOW).problems[0]?.message).toMatch(
      /newer/,
    );
    expect(checkImportFile('[1, {"date": "x"}]', NOW).problems.map((p) => p.line)).toEqual([
      1, 1, 1, 1, 1,
    ]);
  });
});

describe('CSV import', () => {
  it('tolerates a BOM, CRLF, quoted new lines, another column order, and reads an extra column as a question', () => {
    const file =
      '\uFEFFNotes,Extra,Energy,Date,Activity,Engagement,Flow State\r\n' +
      '"two\r\nlines",ignored,70,2025-03-01 08:30,Reading,40,yes\r\n' +
      '\r\n' +
      ',,10,2025-03-02T09:00:00Z,Walk,20,\r\n';
    const check = checkImportFile(file, NOW);
    expect(check.problems).toEqual([]);
    expect(check.entries).toHaveLength(2);
    // A column the entry does not have is one of the person's own questions (docs/decisions/100).
    expect(check.questions).toEqual([{ text: 'Extra', line: 1 }]);
    expect(check.entries[0]?.answers).toEqual({ Extra: 'ignored' });
    expect(check.entries[0]).toMatchObject({
      activity: 'Reading',
      energy: 70,
      engagement: 40,
      flow_state: true,
      notes: 'two\r\nlines',
      line: 2,
    });
    expect(check.entries[0]?.date).toMatch(/^2025-03-01T08:30:00[+-]\d{2}:\d{2}$/);
    expect(check.entries[1]).toMatchObject({
      date: '2025-03-02T09:00:00+00:00',
      flow_state: false,
      notes: null,
      line: 5,
    });
  });

  it('names every problem with its line', () => {
    const file = [
      'date,activity,energy,engagement,flow_state,notes',
      '2025-03-01T08:00:00Z,Ok,50,50,false,',
      '2025-03-01T09:00:00Z,"multi',
      'line",50,50,false,',
      '2025-03-01T10:00:00Z,Bad,abc,50,false,',
      'yesterday,,101,-1,maybe,',
      '2025-02-30T10:00:00Z,Feb,50,50,true,',
      '2027-01-01T10:00:00Z,Future,50,50,true,',
    ].join('\n');
    const check = checkImportFile(file, NOW);
    expect(check.entries.map((e) => e.line)).toEqual([2, 3]);
    expect(check.problems.map(problemText)).toEqual([
      'line 5: energy "abc" is not a number from 0 to 100',
      'line 6: date "yesterday" is not a date and time like 2025-03-01T08:30:00+01:00',
      'line 6: activity is empty',
      'line 6: energy "101" is not a number from 0 to 100',
      'line 6: engagement "-1" is not a number from 0 to 100',
      'line 6: flow_state "maybe" is not true or false',
      'line 7: date "2025-02-30T10:00:00Z" is not a real date and time',
      'line 8: date "2027-01-01T10:00:00Z" is in the future',
    ]);
  });

  it('takes texts up to the lengths the database stores, counting an emoji as one', () => {
    const emoji = (n: number) => '🙂'.repeat(n);
    const file = [
      'date,activity,energy,engagement,flow_state,notes',
      `2025-03-01T08:00:00Z,${emoji(500)},50,50,false,${emoji(2000)}`,
      `2025-03-01T09:00:00Z,${emoji(501)},50,50,false,${emoji(2001)}`,
    ].join('\n');
    const check = checkImportFile(file, NOW);
    expect(check.entries.map((e) => e.line)).toEqual([2]);
    expect(check.problems.map(problemText)).toEqual([
      'line 3: activity is longer than 500 characters',
      'line 3: notes is longer than 2000 characters',
    ]);
  });

  it('says which columns the header lacks, and where a quote is never closed', () => {
    expect(checkImportFile('when,activity,energy\n', NOW).problems.map(problemText)).toEqual([
      'line 1: the header has no "date", "engagement" column',
    ]);
    const open = 'date,activity,energy,engagement\n2025-01-01T00:00:00Z,"never closed,1,2\n';
    expect(checkImportFile(open, NOW).problems.map(problemText)).toEqual([
      'line 2: a quoted field starts here and is never closed',
    ]);
    expect(checkImportFile('', NOW).problems).toHaveLength(1);
  });
});

describe('inert formula cells', () => {
  it('round-trip whatever they start with', () => {
    for (const cell of [
      '=1+1',
      '+1',
      '-1',
      '@a',
      '\tx',
      '\rx',
      "'=x",
      "''+x",
      "'x",
      'x',
      '',
      "'",
    ]) {
      expect(undoInertPrefix(makeCellInert(cell))).toBe(cell);
    }
  });
});

describe('entry dates', () => {
  it('keeps microseconds and normalises the offset', () => {
    expect(parseEntryDate('2025-03-01T08:30:00.123456Z', NOW)).toMatchObject({
      iso: '2025-03-01T08:30:00.123456+00:00',
    });
    expect(parseEntryDate('2025-03-01T08:30+0130', NOW)).toMatchObject({
      iso: '2025-03-01T08:30:00+01:30',
    });
    expect(parseEntryDate('2025-03-01', NOW).ok).toBe(false);
  });
});

describe('a large export', () => {
  it('formats and reads 20,000 entries', () => {
    const many: ExportedEntry[] = Array.from({ length: 20_000 }, (_, i) => ({
      date: new Date(Date.UTC(2023, 0, 1) + i * 3_600_000).toISOString().replace('Z', '+00:00'),
      activity: `Activity ${i % 40}`,
      energy: i % 101,
      engagement: (i * 7) % 101,
      flow_state: i % 3 === 0,
      notes: i % 2 ? `note, "${i}"\nmore` : null,
      tags: i % 2 ? [`t${i % 30}`] : [],
    }));
    const started = performance.now();
    const csv = entriesToCsv(many);
    const json = entriesToJson(account, many, NOW);
    const formatted = performance.now() - started;
    // Only a hang fails here; how fast is the bench's (node scripts/measure-your-data.ts).
    expect(formatted).toBeLessThan(10_000);
    expect(withoutLine(checkImportFile(csv, NOW).entries)).toEqual(many);
    expect(withoutLine(checkImportFile(json, NOW).entries)).toEqual(many);
  });
});
