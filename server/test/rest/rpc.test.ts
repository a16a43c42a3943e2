import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient } from '../helpers/users.ts';
import { expectRefused, restFetch, saveActivity } from './fixtures.ts';
import { createRpcFunctions } from './rpc-fixtures.ts';

const server = await serverForFile();
await createRpcFunctions(server);
const owner = await signedInClient(server, 'rpc-owner');
const other = await signedInClient(server, 'rpc-other');
const anon = server.client();
beforeAll(() => saveActivity(owner.client, owner.userId));

describe('rpc with supabase-js', () => {
  it('returns a scalar by POST and by GET', async () => {
    expect(await owner.client.rpc('add_numbers', { a: 2, b: 40 })).toMatchObject({
      data: 42,
      error: null,
      status: 200,
    });
    expect(await anon.rpc('add_numbers', { a: 1, b: 1 }, { get: true })).toMatchObject({
      data: 2,
      error: null,
    });
    expect((await anon.rpc('greet', { name: 'Ada' })).data).toBe('Hello, Ada');
    expect((await anon.rpc('nothing')).data).toBeNull();
  });

  it("calls the app's own activity_key for a signed-in user only", async () => {
    const key = await owner.client.rpc('activity_key', { activity: '  Deep   WORK ' });
    expect(key).toMatchObject({ data: 'deep work', error: null });
    const viaGet = await owner.client.rpc('activity_key', { activity: 'A  b' }, { get: true });
    expect(viaGet.data).toBe('a b');
    const asAnon = await anon.rpc('activity_key', { activity: 'x' });
    expect(asAnon.status).toBe(401);
    expect(asAnon.error?.code).toBe('42501');
  });

  it('applies row-level security inside a security invoker function', async () => {
    const mine = await owner.client.rpc('my_answers');
    expect(mine.error).toBeNull();
    expect((mine.data as unknown[]).length).toBe(5);
    expect(mine.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ user_id: owner.userId })]),
    );
    expect(await other.client.rpc('my_answers')).toMatchObject({ data: [], error: null });
    expect((await owner.client.rpc('answer_count')).data).toBe(5);
    expect((await other.client.rpc('answer_count')).data).toBe(0);
    const asAnon = await anon.rpc('my_answers');
    // anon holds no privilege on user_answers: refused, never rows.
    expect(asAnon.data).toBeNull();
    expect(asAnon.error?.code).toBe('42501');
    expect(asAnon.status).toBe(401);
  });

  it('shapes a set-returning function like a table read', async () => {
    const { data, error } = await anon
      .rpc('numbers', { upto: 10 })
      .select('n')
      .eq('parity', 'even')
      .gte('n', 4)
      .order('n', { ascending: false })
      .limit(2);
    expect(error).toBeNull();
    expect(data).toEqual([{ n: 10 }, { n: 8 }]);
    const viaGet = await anon.rpc('numbers', { upto: 3 }, { get: true }).select('n,parity');
    expect(viaGet.data).toEqual([
      { n: 1, parity: 'odd' },
      { n: 2, parity: 'even' },
      { n: 3, parity: 'odd' },
    ]);
    const single = await anon.rpc('numbers', { upto: 5 }).eq('n', 3).single();
    expect(single).toMatchObject({ data: { n: 3, parity: 'odd' }, error: null });
    const many = await anon.rpc('numbers', { upto: 5 }).single();
    expect(many.status).toBe(406);
    expect(many.error?.code).toBe('PGRST116');
    expect((await anon.rpc('squares', { upto: 4 })).data).toEqual([1, 4, 9, 16]);
    expect((await anon.rpc('pair', { x: 21 })).data).toEqual([{ x2: 42, label: 'pair' }]);
  });

  it('counts a set-returning call (count, head)', async () => {
    const counted = await anon.rpc('numbers', { upto: 7 }, { count: 'exact' }).range(0, 2);
    expect(counted).toMatchObject({ count: 7, status: 206 });
    expect(counted.data).toHaveLength(3);
    const head = await anon.rpc('numbers', { upto: 4 }, { head: true, count: 'exact' });
    expect(head).toMatchObject({ data: null, error: null, count: 4, status: 200 });
  });

  it('returns a composite as an object, with defaults filled in', async () => {
    expect((await anon.rpc('make_point', { px: 3 })).data).toEqual({ px: 3, py: 0 });
    expect((await anon.rpc('make_point', { px: 3, py: 4 }, { get: true })).data).toEqual({
      px: 3,
      py: 4,
    });
    expect((await anon.rpc('with_defaults', { a: 1 })).data).toBe('1-10-x');
    expect((await anon.rpc('with_defaults', { a: 1, c: 'z' })).data).toBe('1-10-z');
  });

  it('resolves overloads by argument names and passes a whole body to a single jsonb argument', async () => {
    expect((await anon.rpc('describe', { v: 5 })).data).toBe('integer 5');
    expect((await anon.rpc('describe', { s: 'five' })).data).toBe('text five');
    const body = { any: ['shape', 1, { nested: true }], n: null };
    expect((await anon.rpc('echo_json', body)).data).toEqual(body);
  });

  it('answers 404 PGRST202 for an unknown function, a wrong argument set or a revoked function', async () => {
    const unknown = await anon.rpc('no_such_fn', { a: 1, b: 2 });
    expectRefused(unknown, 404, {
      code: 'PGRST202',
      message: 'Could not find the function public.no_such_fn(a, b) in the schema cache',
      details:
        'Searched for the function public.no_such_fn with parameters a, b or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    });
    const wrong = await anon.rpc('add_numbers', { a: 1 }, { get: true });
    expect(wrong.status).toBe(404);
    expect(wrong.error?.details).toBe(
      'Searched for the function public.add_numbers with parameter a, but no matches were found in the schema cache.',
    );
    expect((await anon.rpc('add_numbers', { a: 1, b: 2, c: 3 })).status).toBe(404);
    // An unnamed integer argument cannot be named by a client: not callable.
    expect((await anon.rpc('unnamed_int', { '': 1 })).status).toBe(404);
    const hidden = await owner.client.rpc('hidden_sum', { a: 1, b: 2 });
    expect(hidden.status).toBe(404);
    expect(hidden.error?.code).toBe('PGRST202');
    expect((await owner.client.rpc('only_members')).data).toBe('members only');
    // Exposed (authenticated may call it), but anon may not: PostgreSQL says so.
    const refused = await anon.rpc('only_members');
    expect(refused.status).toBe(401);
    expect(refused.error?.code).toBe('42501');
  });

  it('maps errors raised inside a function and values that do not fit', async () => {
    const check = await anon.rpc('fail_with', { kind: 'check' });
    expect(check.status).toBe(400);
    expect(check.error).toMatchObject({
      code: '23514',
      message: 'An entry cannot be in the future',
    });
    expect((await anon.rpc('fail_with', { kind: 'denied' })).status).toBe(401);
    expect((await owner.client.rpc('fail_with', { kind: 'denied' })).status).toBe(403);
    const plain = await anon.rpc('fail_with', { kind: 'other' });
    expect(plain.status).toBe(400);
    expect(plain.error).toEqual({
      code: 'P0001',
      message: 'plain failure',
      details: 'the detail',
      hint: 'the hint',
    });
    const bad = await anon.rpc('add_numbers', { a: 'abc', b: 1 });
    expect(bad.status).toBe(400);
    expect(bad.error?.code).toBe('22P02');
    const badGet = await anon.rpc('add_numbers', { a: '1.5', b: 1 }, { get: true });
    expect(badGet.status).toBe(400);
    expect(badGet.error?.code).toBe('22P02');
  });

  it('runs a volatile function by POST, refuses its writes by GET (read-only transaction)', async () => {
    const first = await owner.client.rpc('log_note', { note: 'written' });
    expect(first.error).toBeNull();
    expect(typeof first.data).toBe('number');
    const viaGet = await owner.client.rpc('log_note', { note: 'nope' }, { get: true });
    expect(viaGet.status).toBe(405);
    expect(viaGet.error?.code).toBe('25006');
    const { data } = await owner.client.from('rpc_log').select('note');
    expect(data).toEqual([{ note: 'written' }]);
    // A volatile function that writes nothing is fine by GET, as in PostgREST.
    expect(await anon.rpc('touch', {}, { get: true })).toMatchObject({ data: null, error: null });
  });
});

describe('rpc on the wire', () => {
  const post = (path: string, body: string | undefined, headers: Record<string, string> = {}) =>
    restFetch(server, path, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', ...headers },
    });

  it('treats an empty body as no arguments', async () => {
    const res = await post('/rpc/answer_count', undefined);
    expect(res.status).toBe(401); // anon may not read user_answers at all
    const ok = await post('/rpc/nothing', '');
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('null');
    expect(ok.headers.get('content-range')).toBe('0-0/*');
  });

  it('hands PostgreSQL the body as sent, so big numbers keep every digit', async () => {
    const res = await post('/rpc/echo_json', '{"big": 12345678901234567890.5}');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('{"big": 12345678901234567890.5}');
  });

  it('answers a void function with 204 and no body', async () => {
    const res = await post('/rpc/touch', '{}');
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(res.headers.get('content-type')).toBeNull();
    expect(res.headers.get('content-range')).toBe('0-0/*');
  });

  it('refuses a body that is not an object', async () => {
    for (const body of ['[1,2]', '42', '"x"', 'null', '{', '[{"a":1}]']) {
      const res = await post('/rpc/add_numbers', body);
      expect(res.status, body).toBe(400);
      expect((await res.json()).code, body).toBe('PGRST102');
    }
    const text = await post('/rpc/add_numbers', 'a=1', { 'Content-Type': 'text/plain' });
    expect(text.status).toBe(400);
  });

  it('answers PATCH, DELETE and PUT on a function with 405', async () => {
    for (const method of ['PATCH', 'DELETE', 'PUT']) {
      const res = await restFetch(server, '/rpc/add_numbers', { method });
      expect(res.status, method).toBe(405);
    }
  });

  it('keeps filters and arguments apart in a GET query string', async () => {
    const res = await restFetch(server, '/rpc/numbers?upto=6&n=gt.4&select=n&order=n.desc');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ n: 6 }, { n: 5 }]);
    const unknownColumn = await restFetch(server, '/rpc/numbers?upto=2&nope=eq.1');
    expect(unknownColumn.status).toBe(400);
    expect((await unknownColumn.json()).code).toBe('42703');
  });

  it('answers a scalar with Content-Range and the object media type', async () => {
    const res = await restFetch(server, '/rpc/add_numbers?a=1&b=2', {
      headers: { Accept: 'application/vnd.pgrst.object+json', Prefer: 'count=exact' },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('3');
    expect(res.headers.get('content-range')).toBe('0-0/1');
  });

  it('answers 300 PGRST203 when two overloads take the same names', async () => {
    const res = await post('/rpc/either', '{"a": 1}');
    expect(res.status).toBe(300);
    expect(await res.json()).toEqual({
      code: 'PGRST203',
      message:
        'Could not choose the best candidate function between: public.either(a => integer, b => integer), public.either(a => bigint, c => integer)',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
    expect(await (await post('/rpc/either', '{"a": 1, "c": 2}')).json()).toBe('c');
  });

  it('finds no overload for an argument set neither takes', async () => {
    const res = await post('/rpc/describe', '{"v": 1, "s": "x"}');
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe(
      'Could not find the function public.describe(s, v) in the schema cache',
    );
  });
});
