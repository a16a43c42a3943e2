import { describe, expect, it } from 'vitest';
import { PATTERN_SUBJECT_LENGTH } from '../../src/rest/query-limits.ts';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient } from '../helpers/users.ts';
import { saveActivity } from './fixtures.ts';

// What a person may store is bounded where it is stored (migration 0015), so
// that what a request searches has a ceiling (docs/decisions/058): an activity
// name of at most 500 characters, notes of at most 2000, counted as the
// database counts them (an emoji is one character). Each way in says so.

const LONGEST_ACTIVITY = 500;
const LONGEST_NOTES = 2000;
// Astral characters: two UTF-16 units each, one character to the database.
const text = (length: number) => '🙂'.repeat(length);

const server = await serverForFile();
const user = await signedInClient(server, 'long-texts');

describe('the longest texts an entry may hold', () => {
  const history = async () => {
    const { data, error } = await user.client
      .from('activities')
      .select('activity, notes')
      .order('created_at', { ascending: false });
    expect(error).toBeNull();
    return data ?? [];
  };

  it('saves an entry at both limits and gives it back whole', async () => {
    await saveActivity(user.client, user.userId, {
      activity: text(LONGEST_ACTIVITY),
      notes: text(LONGEST_NOTES),
    });
    expect((await history())[0]).toEqual({
      activity: text(LONGEST_ACTIVITY),
      notes: text(LONGEST_NOTES),
    });
  });

  it('refuses one character more on the data API, and stores nothing', async () => {
    const before = (await history()).length;
    await expect(
      saveActivity(user.client, user.userId, {
        activity: text(LONGEST_ACTIVITY + 1),
      }),
    ).rejects.toThrow('activity_at_most_500_characters');
    await expect(
      saveActivity(user.client, user.userId, {
        notes: text(LONGEST_NOTES + 1),
      }),
    ).rejects.toThrow('notes_at_most_2000_characters');
    expect(await history()).toHaveLength(before);
  });

  it('refuses one character more when an entry is edited or imported', async () => {
    const [entry] = await user.client
      .from('activities')
      .select('created_at')
      .limit(1)
      .throwOnError()
      .then((r) => r.data);
    const edited = await user.client.rpc('update_entry', {
      entry_time: entry!.created_at,
      activity: 'Reading',
      energy: 10,
      engagement: 10,
      flow_state: false,
      notes: text(LONGEST_NOTES + 1),
      new_time: entry!.created_at,
    });
    expect(edited.error).toMatchObject({
      code: '22023',
      message: 'notes must be a text of at most 2000 characters',
    });
    const imported = await user.client.rpc('import_entries', {
      entries: [
        {
          created_at: '2025-03-01T08:30:00Z',
          activity: text(LONGEST_ACTIVITY + 1),
          energy: 1,
          engagement: 1,
          flow_state: false,
          notes: null,
        },
      ],
    });
    expect(imported.error?.message).toContain('activity must be a text of 1 to 500 characters');
  });

  it(`matches like/ilike patterns within the first ${PATTERN_SUBJECT_LENGTH} characters of a text`, async () => {
    const notes = 'x'.repeat(PATTERN_SUBJECT_LENGTH - 6) + 'inside' + 'y'.repeat(50) + 'beyond';
    await saveActivity(user.client, user.userId, {
      activity: 'Searchable',
      notes,
    });
    const search = (pattern: string) =>
      user.client.from('activities').select('activity').ilike('notes', pattern).throwOnError();
    expect((await search('%INSIDE%')).data).toEqual([{ activity: 'Searchable' }]);
    expect((await search('%beyond%')).data).toEqual([]);
  });
});
