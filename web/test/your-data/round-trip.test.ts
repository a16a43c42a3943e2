import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { fetchAllEntries } from '../../src/features/your-data/api/fetch-all-entries.ts';
import { importEntries } from '../../src/features/your-data/api/import-entries.ts';
import type { ExportedEntry } from '../../src/journal/entry-row.ts';
import { entriesToCsv, entriesToJson } from '../../src/features/your-data/format-export.ts';
import { checkImportFile, problemText } from '../../src/features/your-data/parse-import.ts';
import { withoutFileAnswers } from '../../src/features/your-data/own-questions/ready-to-import.ts';
import { signUpAppUser } from '../support/users.ts';

// Export, delete, import back, through the app's own client against the real
// server: every field comes back equal, and importing again adds nothing.

const account = { email: 'x@example.test', first_name: '', last_name: '' };

const originals: ExportedEntry[] = [
  {
    date: '2025-06-01T07:00:00.654321+00:00',
    activity: 'Morning run, "easy"',
    energy: 85,
    engagement: 70,
    flow_state: true,
    notes: 'Cold, windy\nbut "worth it" 🏃‍♀️🌬️',
    tags: ['focus', 'with Sam'],
  },
  {
    date: '2025-06-01T21:30:00+00:00',
    activity: '=SUM(A1:A9)',
    energy: 20,
    engagement: 35,
    flow_state: false,
    notes: null,
    tags: ['=SUM(1)', 'été 🙂'],
  },
  {
    date: '2025-06-02T12:15:00+00:00',
    activity: 'Lunch',
    energy: 0,
    engagement: 100,
    flow_state: false,
    notes: "+1 idea; '@team, -5 min\r\nlate",
    tags: [],
  },
];

async function deleteAll(supabase: SupabaseClient, userId: string) {
  const { error } = await supabase.from('user_answers').delete().eq('user_id', userId);
  expect(error).toBeNull();
  expect(await fetchAllEntries(supabase, userId)).toEqual([]);
}

describe('export and import round trip', () => {
  it('brings back every field from CSV and from JSON; a second import adds 0', async () => {
    const user = await signUpAppUser('roundtrip');
    const first = await importEntries(user.supabase, originals, () => {});
    expect(first).toEqual({ added: 3, skipped: 0, conflicts: 0 });
    const exported = await fetchAllEntries(user.supabase, user.id);
    expect(exported).toEqual(originals);

    for (const file of [entriesToCsv(exported), entriesToJson(account, exported)]) {
      await deleteAll(user.supabase, user.id);
      const check = checkImportFile(file);
      expect(check.problems).toEqual([]);
      const progress: Array<[number, number]> = [];
      const summary = await importEntries(
        user.supabase,
        withoutFileAnswers(check.entries),
        (done, total) => progress.push([done, total]),
      );
      expect(summary).toEqual({ added: 3, skipped: 0, conflicts: 0 });
      expect(progress.at(-1)).toEqual([3, 3]);
      expect(await fetchAllEntries(user.supabase, user.id)).toEqual(originals);
      const again = await importEntries(user.supabase, withoutFileAnswers(check.entries), () => {});
      expect(again).toEqual({ added: 0, skipped: 3, conflicts: 0 });
    }
  });

  it('imports the good lines of a file with bad ones and names the bad lines', async () => {
    const user = await signUpAppUser('badlines');
    const csv =
      entriesToCsv(originals) +
      '2025-06-03T10:00:00Z,Bad energy,abc,50,false,\r\n' +
      '2025-06-03T11:00:00Z,"note with\r\nnew line",50,50,false,"x"\r\n' +
      '2025-06-03T12:00:00Z,Bad flow,50,50,maybe,\r\n';
    const check = checkImportFile(csv);
    expect(check.problems.map(problemText)).toEqual([
      'line 7: energy "abc" is not a number from 0 to 100',
      'line 10: flow_state "maybe" is not true or false',
    ]);
    const summary = await importEntries(user.supabase, withoutFileAnswers(check.entries), () => {});
    expect(summary.added).toBe(4);
  });

  it('pages through more entries than one request reads', async () => {
    const user = await signUpAppUser('paging');
    const many: ExportedEntry[] = Array.from({ length: 2_345 }, (_, i) => ({
      date: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString().replace('.000Z', '+00:00'),
      activity: `A${i % 7}`,
      energy: i % 101,
      engagement: 50,
      flow_state: false,
      notes: null,
      tags: i % 2 ? [`t${i % 30}`] : [],
    }));
    const summary = await importEntries(user.supabase, many, () => {});
    expect(summary.added).toBe(many.length);
    expect(await fetchAllEntries(user.supabase, user.id)).toEqual(many);
  });
});
