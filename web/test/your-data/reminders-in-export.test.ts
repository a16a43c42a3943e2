import { describe, expect, it } from 'vitest';
import { fetchReminderSettingsForExport } from '../../src/features/your-data/api/fetch-reminder-settings.ts';
import { entriesToJson } from '../../src/features/your-data/format-export.ts';
import { checkImportFile } from '../../src/features/your-data/parse-import.ts';
import { signUpAppUser } from '../support/users.ts';

// The JSON export carries the person's reminder settings (docs/decisions/042), read
// through the app's own client from the real server; an import reads the
// entries of such a file and leaves the settings alone.

const account = { email: 'x@example.test', first_name: '', last_name: '' };
const entry = {
  date: '2025-06-01T07:00:00+00:00',
  activity: 'Run',
  energy: 80,
  engagement: 70,
  flow_state: false,
  notes: null,
  tags: ['outside'],
};

describe('reminder settings in the JSON export', () => {
  it('are null before any were saved, and the saved ones after', async () => {
    const user = await signUpAppUser('export-reminders');
    expect(await fetchReminderSettingsForExport(user.supabase)).toBeNull();
    const saved = {
      times: ['08:00', '20:30'],
      weekdays: [1, 3, 5],
      random_from: '10:00',
      random_until: '16:00',
      time_zone: 'Pacific/Auckland',
      email: true,
      skip_if_logged_last_hour: false,
      weekly_review: true,
      review_day: 1,
      review_time: '07:30',
    };
    const { error } = await user.supabase.from('reminder_settings').insert(saved);
    expect(error).toBeNull();
    const reminders = await fetchReminderSettingsForExport(user.supabase);
    expect(reminders).toEqual(saved);

    const file = entriesToJson(account, [entry], new Date('2025-06-02T00:00:00Z'), reminders);
    expect(JSON.parse(file)).toEqual({
      version: 2,
      exported_at: '2025-06-02T00:00:00.000Z',
      account,
      reminders: saved,
      entries: [entry],
      reviews: [],
      questions: [],
    });
    // Import reads the entries and nothing else of the file.
    const check = checkImportFile(file);
    expect(check.problems).toEqual([]);
    expect(check.entries.map(({ line: _line, ...e }) => e)).toEqual([entry]);
  });
});
