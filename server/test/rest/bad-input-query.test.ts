import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient } from '../helpers/users.ts';
import {
  errorShape,
  expectRefused,
  journalQuestions,
  restFetch,
  saveActivity,
} from './fixtures.ts';

// Mistakes in the query string and body, as a client sees them: a 4xx with
// PostgREST's code and wording, never a 500 and never a changed database.
let questionId: number;
const server = await serverForFile();
const user = await signedInClient(server, 'bad-query');
beforeAll(async () => {
  await saveActivity(user.client, user.userId);
  questionId = (await journalQuestions(user.client)).get('Activity Notes')!;
});

describe('names the schema cache does not know', () => {
  it('an unknown table is 404 PGRST205', async () => {
    const { error, status } = await user.client.from('secrets').select('*');
    expectRefused({ status, error }, 404, {
      code: 'PGRST205',
      message: "Could not find the table 'public.secrets' in the schema cache",
    });
  });

  it('a relation outside the exposed schema is unknown too', async () => {
    const { error, status } = await user.client.from('auth.users').select('*');
    expect(status).toBe(404);
    expect(error?.code).toBe('PGRST205');
  });

  it('an unknown column in select, filter or order is 400 42703', async () => {
    const attempts = [
      user.client.from('questions').select('id, secret'),
      user.client.from('questions').select('id').eq('secret', 1),
      user.client.from('questions').select('id').order('secret', { ascending: false }),
      user.client.from('questions').select('id').or('id.eq.1,secret.eq.2'),
    ];
    for (const attempt of attempts) {
      const { error, status } = await attempt;
      expectRefused({ status, error }, 400, {
        code: '42703',
        message: 'column questions.secret does not exist',
      });
    }
  });

  it('an unknown column in an insert body or columns= is 400 PGRST204', async () => {
    const { error, status } = await user.client
      .from('user_answers')
      .insert({ question_id: questionId, answer: 'x', secret: true });
    expectRefused({ status, error }, 400, {
      code: 'PGRST204',
      message: "Could not find the 'secret' column of 'user_answers' in the schema cache",
    });
  });
});

describe('malformed query syntax is 400 PGRST100 in PostgREST’s words', () => {
  it('an unknown operator', async () => {
    const { error, status } = await user.client
      .from('activities')
      .select('*')
      .filter('energy', 'between', '1');
    expectRefused({ status, error }, 400, {
      code: 'PGRST100',
      message: '"failed to parse filter (between.1)" (line 1, column 1)',
      details: 'unexpected "b" expecting "not" or operator (eq, gt, ...)',
    });
  });

  it('a broken or=() tree, an empty in list bracket, a bad order', async () => {
    const attempts = [
      user.client.from('activities').select('*').or('energy.gte.50,engagement'),
      user.client.from('activities').select('*').filter('energy', 'in', '(1,2'),
      user.client
        .from('activities')
        .select('*')
        .order('energy.sideways' as 'energy'),
    ];
    for (const attempt of attempts) {
      const { error, status } = await attempt;
      expect(status).toBe(400);
      expect(error).toMatchObject({
        code: 'PGRST100',
        message: expect.stringMatching(/^"failed to parse/),
      });
    }
  });

  it('features of PostgREST this subset lacks are named, not misparsed', async () => {
    const { error, status } = await user.client.from('questions').select('id, pages(name)');
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: 'PGRST127',
      details: 'Resource embedding is not supported',
    });
  });
});

describe('values that do not fit', () => {
  it('a filter value that looks like SQL is only a value', async () => {
    const injection = "'; drop table user_answers; --";
    const { data, error } = await user.client
      .from('user_answers')
      .select('*')
      .eq('answer', injection);
    expect(error).toBeNull();
    expect(data).toEqual([]);
    const quoted = await user.client
      .from('user_answers')
      .select('id')
      .or(`answer.eq."${injection}",answer.like."*) OR 1=1 --*"`);
    expect(quoted).toMatchObject({ error: null, data: [] });
    // Unquoted, the `)` closes the tree early: a syntax error, never SQL.
    const unquoted = await user.client
      .from('user_answers')
      .select('id')
      .or('answer.like.*) OR 1=1 --*');
    expect(unquoted).toMatchObject({ status: 400, data: null, error: { code: 'PGRST100' } });
    const table = await server.database.db.query<{ t: string | null }>(
      "SELECT to_regclass('public.user_answers')::text AS t",
    );
    expect(table.rows[0]!.t).toBe('user_answers');
    const mine = await user.client.from('user_answers').select('id').eq('user_id', user.userId);
    expect(mine.data).toHaveLength(5);
  });

  it('a like pattern long enough to stall the server is refused up front', async () => {
    const long = await user.client
      .from('user_answers')
      .select('id')
      .like('answer', `*${'a'.repeat(200)}b`);
    expect(long).toMatchObject({ status: 400, data: null, error: { code: 'PGRST100' } });
    expect(long.error!.message).toContain('at most 100 characters');
    const search = await user.client.from('user_answers').select('id').ilike('answer', '*walk*');
    expect(search.error).toBeNull();
  });

  it('a value of the wrong type is 400 22P02 from PostgreSQL', async () => {
    const cases: Array<[string, string, string]> = [
      ['energy', 'gte.abc', 'invalid input syntax for type integer: "abc"'],
      ['flow_state', 'eq.maybe', 'invalid input syntax for type boolean: "maybe"'],
      ['user_id', 'eq.not-a-uuid', 'invalid input syntax for type uuid: "not-a-uuid"'],
      ['energy', 'in.(1,x)', 'invalid input syntax for type integer: "x"'],
    ];
    for (const [column, filter, message] of cases) {
      const res = await restFetch(server, `/activities?${column}=${filter}`, {
        token: user.accessToken,
      });
      expect({ column, status: res.status, body: await res.json() }).toEqual({
        column,
        status: 400,
        body: { code: '22P02', message, details: null, hint: null },
      });
    }
  });

  // A list or array is one parameter typed as the column's own (array) type
  // (ADR 063): whatever its elements, PostgreSQL reads it, never the driver.
  it('list and array operands of every column type answer 4xx, never 500', async () => {
    const columns = ['created_at', 'activity', 'energy', 'flow_state', 'user_id', 'tags', 'search'];
    const operands = [
      'in.(x,"y,z",)',
      'in.()',
      'cs.{x}',
      'cd.{"a",{b}}',
      'cs.x',
      'cd.{}',
      'cs.[1,2)',
    ];
    for (const column of columns) {
      for (const operand of operands) {
        const res = await restFetch(
          server,
          `/activities?select=created_at&${column}=${encodeURIComponent(operand)}`,
          { token: user.accessToken },
        );
        await res.arrayBuffer();
        expect({ column, operand, status: res.status < 500 }).toEqual({
          column,
          operand,
          status: true,
        });
      }
    }
  });

  it('an answer over the length bound is refused by the database, 400 23514', async () => {
    const { error, status } = await user.client
      .from('user_answers')
      .insert({ user_id: user.userId, question_id: questionId, answer: 'x'.repeat(10_001) });
    expect(status).toBe(400);
    expect(error).toMatchObject({
      code: '23514',
      message: expect.stringContaining('user_answers'),
    });
  });

  it('missing and dangling references: 400 23502, 409 23503', async () => {
    const missing = await user.client
      .from('user_answers')
      .insert({ user_id: user.userId, answer: 'x' });
    expect(missing).toMatchObject({ status: 400, error: { code: '23502' } });
    const dangling = await user.client
      .from('user_answers')
      .insert({ user_id: user.userId, question_id: 999_999, answer: 'x' });
    expect(dangling).toMatchObject({ status: 409, error: { code: '23503' } });
  });

  it('the same question twice in one activity is a conflict, 409 23505, and nothing lands', async () => {
    const twice = [1, 2].map((n) => ({
      user_id: user.userId,
      question_id: questionId,
      answer: `note ${n}`,
    }));
    const { error, status } = await user.client.from('user_answers').insert(twice);
    expect(status).toBe(409);
    expect(error?.code).toBe('23505');
    const { data } = await user.client.from('user_answers').select('id').like('answer', 'note *');
    expect(data).toEqual([]);
  });
});

describe('limits and ranges', () => {
  const cases: Array<[string, Record<string, string>, number, string, string | null]> = [
    ['/activities?limit=abc', {}, 400, 'PGRST100', 'unexpected "a" expecting digit'],
    ['/activities?offset=-1', {}, 400, 'PGRST100', 'unexpected "-" expecting digit'],
    ['/activities?limit=-1', {}, 416, 'PGRST103', 'Limit should be greater than or equal to zero.'],
    [
      '/activities',
      { Range: '5-2' },
      416,
      'PGRST103',
      'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    ],
  ];
  it.each(cases)('%s %j → %i %s', async (path, headers, status, code, details) => {
    const res = await restFetch(server, path, { token: user.accessToken, headers });
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ ...errorShape, code, details });
  });

  it('a Range header it cannot read is ignored, as PostgREST does; a good one is honoured', async () => {
    const ignored = await restFetch(server, '/questions?select=id', {
      token: user.accessToken,
      headers: { Range: 'rows=banana' },
    });
    expect(ignored.status).toBe(200);
    // The journal's five questions and 'Tags' (migration 0019).
    expect(await ignored.json()).toHaveLength(6);
    const ranged = await restFetch(server, '/questions?select=id&order=id', {
      token: user.accessToken,
      headers: { Range: '1-2', 'Range-Unit': 'items', Prefer: 'count=exact' },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe('1-2/6');
    expect(await ranged.json()).toHaveLength(2);
  });
});
