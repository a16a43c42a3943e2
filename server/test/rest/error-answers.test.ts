import { describe, expect, it } from 'vitest';
import { onShippedEmbeddedEngine, usingRealPostgres } from '../helpers/test-database.ts';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient } from '../helpers/users.ts';
import { expectRefused } from './fixtures.ts';

// One refusal of every kind the server answers with, as supabase-js hands it
// to the app: code, status, message, details and hint. The server suite runs
// this file on both engines (vitest.config.ts); on the one `npm start` opens,
// every answer that involves the database crosses the thread between the
// server and PostgreSQL (docs/decisions/075), and must arrive unchanged.

const server = await serverForFile();
const owner = await signedInClient(server, 'error-answers-owner');
const other = await signedInClient(server, 'error-answers-other');

const NOT_SINGULAR = 'JSON object requested, multiple (or no) rows returned';

describe('the data API’s own refusals, decided after the database answered', () => {
  it('.single() of no rows is 406 PGRST116', async () => {
    const answer = await owner.client
      .from('pages')
      .select('id')
      .eq('name', 'no-such-page')
      .single();
    expect(answer.data).toBeNull();
    expectRefused(answer, 406, {
      code: 'PGRST116',
      message: NOT_SINGULAR,
      details: 'The result contains 0 rows',
    });
  });

  it('.maybeSingle() of no rows is no row and no error; of two rows 406 PGRST116', async () => {
    // supabase-js asks for an array here and counts the rows itself.
    const none = await owner.client
      .from('pages')
      .select('id')
      .eq('name', 'no-such-page')
      .maybeSingle();
    expect(none).toMatchObject({ data: null, error: null, status: 200 });
    const two = await owner.client.from('pages').select('id').limit(2).maybeSingle();
    expectRefused(two, 406, {
      code: 'PGRST116',
      message: NOT_SINGULAR,
      details: 'Results contain 2 rows, application/vnd.pgrst.object+json requires 1 row',
    });
  });

  it('.single() of two rows is 406 PGRST116', async () => {
    const answer = await owner.client.from('pages').select('id').limit(2).single();
    expectRefused(answer, 406, {
      code: 'PGRST116',
      message: NOT_SINGULAR,
      details: 'The result contains 2 rows',
    });
  });

  it('.single() on an RPC that returns many rows is 406 PGRST116', async () => {
    const answer = await owner.client.rpc('log_again_choices').single();
    // A new person has no entries: no rows is not one row either.
    expectRefused(answer, 406, {
      code: 'PGRST116',
      message: NOT_SINGULAR,
      details: 'The result contains 0 rows',
    });
  });
});

describe('the data API’s refusals decided before the database', () => {
  it('a filter it cannot parse is 400 PGRST100', async () => {
    const answer = await owner.client.from('pages').select('id').filter('id', 'nope', '1');
    expect(answer.status).toBe(400);
    expect(answer.error?.code).toBe('PGRST100');
  });

  it('a table that does not exist is 404 PGRST205', async () => {
    const answer = await owner.client.from('no_such_table').select('*');
    expect(answer.status).toBe(404);
    expect(answer.error?.code).toBe('PGRST205');
  });
});

describe('PostgreSQL’s refusals, with their SQLSTATE, detail and hint', () => {
  it('a row someone else owns is refused by row-level security: 403 42501', async () => {
    const answer = await other.client.from('user_answers').insert({
      user_id: owner.userId,
      question_id: 1,
      answer: 'not mine to write',
    });
    expectRefused(answer, 403, {
      code: '42501',
      message: 'new row violates row-level security policy for table "user_answers"',
    });
  });

  it('a function’s refusal keeps its hint: 400 22023', async () => {
    const answer = await owner.client.rpc('insights', {
      period_days: 30,
      time_zone: 'Nowhere/Land',
    });
    expectRefused(answer, 400, {
      code: '22023',
      message: 'time_zone "Nowhere/Land" is not a known time zone',
      hint: 'Pass an IANA time zone name such as Europe/Berlin.',
    });
  });

  it('a function’s own status (PT404) keeps its detail', async () => {
    const answer = await owner.client.rpc('update_entry', {
      entry_time: '2020-01-01T00:00:00Z',
      activity: 'nothing',
      energy: 50,
      engagement: 50,
      flow_state: false,
    });
    expectRefused(answer, 404, {
      code: 'PT404',
      message: 'Entry not found',
      details: 'It may have been deleted, for example in another tab.',
    });
  });
});

describe('the other two APIs’ refusals', () => {
  it('auth: a wrong password is 400 invalid_credentials', async () => {
    const { error } = await server
      .client()
      .auth.signInWithPassword({ email: owner.email, password: 'not the password' });
    expect(error).toMatchObject({ status: 400, code: 'invalid_credentials' });
  });

  it('auth: signing up an address that has an account is 422 user_already_exists', async () => {
    const { error } = await server
      .client()
      .auth.signUp({ email: owner.email, password: 'another long password' });
    expect(error).toMatchObject({ status: 422, code: 'user_already_exists' });
  });

  it('reminders: a test reminder from a server with no channel is 400 no_channel_available', async () => {
    const res = await fetch(`${server.url}/reminders/v1/test`, {
      method: 'POST',
      headers: { apikey: server.anonKey, Authorization: `Bearer ${owner.accessToken}` },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'no_channel_available' });
  });
});

describe('the engine under these answers', () => {
  it('is the one this run of the file names', () => {
    // Guards the suite's split (vitest.config.ts): the embedded engine (and
    // PostgreSQL) run statements off the server's thread, the in-process one on it.
    const inProcess = !usingRealPostgres && !onShippedEmbeddedEngine();
    expect(server.database.db.runsOnEventLoop).toBe(inProcess);
  });
});
