import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient } from '../helpers/users.ts';

// Reminder settings through the data API with the unchanged supabase-js, as
// the web app will keep them: each person reaches only their own row
// (row-level security), and settings the scheduler could not honour are
// refused with 400 and a message that says what to change.

const server = await serverForFile();
const alice = await signedInClient(server, 'alice');
const bob = await signedInClient(server, 'bob');

beforeAll(async () => {
  const { error } = await alice.client.from('reminder_settings').insert({
    time_zone: 'Pacific/Auckland',
    times: ['08:00', '20:30'],
    weekdays: [1, 2, 3, 4, 5],
    email: true,
  });
  if (error) throw new Error(error.message);
});

const aliceRow = async () =>
  (
    await server.database.db.query<{ times: string[]; email: boolean }>(
      'SELECT times, email FROM public.reminder_settings WHERE user_id = $1',
      [alice.userId],
    )
  ).rows[0];

describe('reminder settings through supabase-js', () => {
  it('are kept per person, with skip-if-logged on and every weekday unless chosen otherwise', async () => {
    const { data, error } = await alice.client.from('reminder_settings').select('*');
    expect(error).toBeNull();
    expect(data).toEqual([
      expect.objectContaining({
        user_id: alice.userId,
        time_zone: 'Pacific/Auckland',
        times: ['08:00', '20:30'],
        weekdays: [1, 2, 3, 4, 5],
        email: true,
        skip_if_logged_last_hour: true,
        random_from: null,
        // The weekly review reminder: off, with Sunday 18:00 offered first.
        weekly_review: false,
        review_day: 7,
        review_time: '18:00',
      }),
    ]);
    const { error: bobsError } = await bob.client
      .from('reminder_settings')
      .insert({ time_zone: 'America/New_York' });
    expect(bobsError).toBeNull();
    const { data: bobs } = await bob.client.from('reminder_settings').select('weekdays, email');
    expect(bobs).toEqual([{ weekdays: [1, 2, 3, 4, 5, 6, 7], email: false }]);
  });

  it('can be changed by their owner', async () => {
    const { error } = await alice.client
      .from('reminder_settings')
      .update({ times: ['07:45'] })
      .eq('user_id', alice.userId);
    expect(error).toBeNull();
    expect((await aliceRow())?.times).toEqual(['07:45']);
  });

  it('keep the weekly review reminder: on, its day and its local time', async () => {
    const { data, error } = await alice.client
      .from('reminder_settings')
      .update({ weekly_review: true, review_day: 1, review_time: '07:30' })
      .eq('user_id', alice.userId)
      .select('weekly_review, review_day, review_time');
    expect(error).toBeNull();
    expect(data).toEqual([{ weekly_review: true, review_day: 1, review_time: '07:30' }]);
  });

  it("are out of another person's reach: not read, changed, deleted or written for someone else", async () => {
    const { data: seen } = await bob.client
      .from('reminder_settings')
      .select('user_id')
      .eq('user_id', alice.userId);
    expect(seen).toEqual([]);
    const { data: updated } = await bob.client
      .from('reminder_settings')
      .update({ email: false, times: ['03:00'] })
      .eq('user_id', alice.userId)
      .select();
    expect(updated).toEqual([]);
    const { data: deleted } = await bob.client
      .from('reminder_settings')
      .delete()
      .eq('user_id', alice.userId)
      .select();
    expect(deleted).toEqual([]);
    expect(await aliceRow()).toEqual({ times: ['07:45'], email: true });

    // A row for Alice written by Bob: refused by the policy (Bob has his own already,
    // so this is the only row such an insert could add).
    await server.database.db.query('DELETE FROM public.reminder_settings WHERE user_id = $1', [
      alice.userId,
    ]);
    const { error, status } = await bob.client
      .from('reminder_settings')
      .insert({ user_id: alice.userId, time_zone: 'UTC', times: ['03:00'], email: true });
    expect(status).toBe(403);
    expect(error?.code).toBe('42501');
    expect(await aliceRow()).toBeUndefined();
    const { error: again } = await alice.client
      .from('reminder_settings')
      .insert({ time_zone: 'Pacific/Auckland', times: ['07:45'], email: true });
    expect(again).toBeNull();
  });

  it('are nothing to anon', async () => {
    const { data, error, status } = await server.client().from('reminder_settings').select('*');
    expect(data).toBeNull();
    expect(status).toBe(401);
    expect(error?.code).toBe('42501');
  });

  it('refuse what the scheduler could not honour with 400 and a clear message', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        { times: ['07:00', '08:00', '09:00', '10:00', '11:00', '12:00', '13:00'] },
        /At most 6 reminder times a day/,
      ],
      [{ times: ['24:00'] }, /Reminder time 24:00 is not a time from 00:00 to 23:59/],
      [{ times: ['8:00'] }, /Reminder time 8:00 is not a time/],
      [{ times: ['08:60'] }, /Reminder time 08:60 is not a time/],
      [{ times: ['08:00', '08:00'] }, /Each reminder time may be given once/],
      [{ time_zone: 'Mars/Olympus_Mons' }, /Unknown time zone: Mars\/Olympus_Mons/],
      [{ time_zone: '' }, /Unknown time zone/],
      [{ weekdays: [0] }, /Weekdays must be distinct numbers from 1 \(Monday\) to 7 \(Sunday\)/],
      [{ weekdays: [8] }, /Weekdays must be/],
      [{ weekdays: [1, 1] }, /Weekdays must be/],
      [{ random_from: '10:00' }, /A random reminder needs both a start and an end time/],
      [{ random_from: '11:00', random_until: '10:00' }, /must start before it ends/],
      [{ random_from: '10:00', random_until: '25:00' }, /must be from 00:00 to 23:59/],
      [{ review_day: 0 }, /The review day must be a number from 1 \(Monday\) to 7 \(Sunday\)/],
      [{ review_day: 8 }, /The review day must be/],
      [{ review_time: '18:5' }, /The review time must be a time from 00:00 to 23:59/],
      [{ review_time: '24:00' }, /The review time must be/],
      [{ review_time: null }, /The review time must be/],
    ];
    for (const [change, message] of cases) {
      const { error, status } = await alice.client
        .from('reminder_settings')
        .update(change)
        .eq('user_id', alice.userId);
      expect(status, JSON.stringify(change)).toBe(400);
      expect(error?.message, JSON.stringify(change)).toMatch(message);
    }
    const { status: notAList } = await alice.client
      .from('reminder_settings')
      .update({ times: 'eight' })
      .eq('user_id', alice.userId);
    expect(notAList).toBe(400);
    const { status: noZone } = await bob.client
      .from('reminder_settings')
      .update({ time_zone: null })
      .eq('user_id', bob.userId);
    expect(noZone).toBe(400);
    expect(await aliceRow()).toEqual({ times: ['07:45'], email: true });
  });

  it('go with the account when it is deleted', async () => {
    const leaving = await signedInClient(server, 'leaving');
    const { error: saved } = await leaving.client
      .from('reminder_settings')
      .insert({ time_zone: 'Europe/Berlin', times: ['09:00'], email: true });
    expect(saved).toBeNull();
    const { error } = await leaving.client.rpc('delete_my_account');
    expect(error).toBeNull();
    const { rows } = await server.database.db.query(
      'SELECT 1 FROM public.reminder_settings WHERE user_id = $1',
      [leaving.userId],
    );
    expect(rows).toEqual([]);
    expect(await aliceRow()).toBeDefined();
  });
});
