import { describe, expect, it } from 'vitest';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient, type SignedInUser } from '../helpers/users.ts';
import { saveEntry } from './own-question-helpers.ts';

// public.day_answers(since, until, time_zone): the day's answer to each
// once-a-day question (docs/decisions/084), the latest one of each local
// day in the person's zone.

const server = await serverForFile();
const alice = await signedInClient(server, 'day-answers-alice');
const bob = await signedInClient(server, 'day-answers-bob');

async function addQuestion(question: string, answerType: string, asked: 'entry' | 'day') {
  const made = await alice.client
    .from('questions')
    .insert({ question, answer_type: answerType, asked })
    .select('id')
    .single();
  if (made.error) throw made.error;
  return made.data.id as number;
}

/** One entry at `at`, with its own answers, in the entry's one upsert. */
async function save(user: SignedInUser, at: string, own: Record<number, string>) {
  const { error } = await saveEntry(user, at, own);
  if (error) throw error;
}

const sleep = await addQuestion('Hours slept', 'number', 'day');
const mood = await addQuestion('Mood', 'scale', 'day');
const caffeine = await addQuestion('Caffeine', 'yes_no', 'entry');

// Kiritimati is UTC+14, Pago Pago UTC-11: the same instants fall on
// different local days in each, and on other dates than in UTC.
await save(alice, '2026-03-09T10:30:00Z', { [sleep]: '6', [caffeine]: 'true' });
await save(alice, '2026-03-09T20:00:00Z', { [sleep]: '7.50', [mood]: '4' });
await save(alice, '2026-03-10T09:00:00Z', { [caffeine]: 'false' });
await save(alice, '2026-03-10T10:30:00Z', { [sleep]: '5' });

const call = (user: SignedInUser, since: string, until: string, zone: string) =>
  user.client.rpc('day_answers', { since, until, time_zone: zone });

describe('day_answers', () => {
  it("gives each local day's latest answer, where the UTC date differs (UTC+14)", async () => {
    // 10 and 11 March in Kiritimati.
    const { data, error } = await call(
      alice,
      '2026-03-09T10:00:00Z',
      '2026-03-11T10:00:00Z',
      'Pacific/Kiritimati',
    );
    expect(error).toBeNull();
    expect(data).toEqual([
      { day: '2026-03-10', question_id: sleep, answer: '7.50', created_at: expect.any(String) },
      { day: '2026-03-10', question_id: mood, answer: '4', created_at: expect.any(String) },
      { day: '2026-03-11', question_id: sleep, answer: '5', created_at: expect.any(String) },
    ]);
    const times = (data as { created_at: string }[]).map((row) => Date.parse(row.created_at));
    expect(times).toEqual([
      Date.parse('2026-03-09T20:00:00Z'),
      Date.parse('2026-03-09T20:00:00Z'),
      Date.parse('2026-03-10T10:30:00Z'),
    ]);
  });

  it('puts the same answers on other days in a zone behind UTC (UTC-11)', async () => {
    const { data, error } = await call(
      alice,
      '2026-03-08T11:00:00Z',
      '2026-03-10T11:00:00Z',
      'Pacific/Pago_Pago',
    );
    expect(error).toBeNull();
    expect(data).toEqual([
      { day: '2026-03-08', question_id: sleep, answer: '6', created_at: expect.any(String) },
      { day: '2026-03-09', question_id: sleep, answer: '5', created_at: expect.any(String) },
      { day: '2026-03-09', question_id: mood, answer: '4', created_at: expect.any(String) },
    ]);
  });

  it('reads only the range asked for', async () => {
    const { data } = await call(
      alice,
      '2026-03-10T10:00:00Z',
      '2026-03-11T10:00:00Z',
      'Pacific/Kiritimati',
    );
    expect(data).toEqual([
      { day: '2026-03-11', question_id: sleep, answer: '5', created_at: expect.any(String) },
    ]);
  });

  it("shows nobody else's answers", async () => {
    const { data, error } = await call(
      bob,
      '2026-03-01T00:00:00Z',
      '2026-04-01T00:00:00Z',
      'Pacific/Kiritimati',
    );
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it('refuses a zone that is not a named one, and a range over 400 days', async () => {
    const badZone = await call(alice, '2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z', 'UTC+3');
    expect(badZone.status).toBe(400);
    expect(badZone.error?.message).toBe('time_zone "UTC+3" is not an IANA time zone name');
    const long = await call(alice, '2025-01-01T00:00:00Z', '2026-03-01T00:00:00Z', 'Europe/Berlin');
    expect(long.status).toBe(400);
    expect(long.error?.message).toBe('since and until may be at most 400 days apart');
  });
});
