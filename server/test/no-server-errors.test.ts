import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.ts';
import { signedInClient } from './helpers/users.ts';
import { createRpcFunctions } from './rest/rpc-fixtures.ts';

// A seeded sweep of odd requests across every API: whatever the shape, the
// answer is a 4xx (or a success), never a 5xx. The seed makes a failure
// reproducible; the pieces are what real clients and attackers send.
const SEED = 20261122;
const REQUESTS = 400;

function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const PATHS = [
  '/rest/v1/user_answers',
  '/rest/v1/activities',
  '/rest/v1/pages',
  '/rest/v1/questions',
  '/rest/v1/nope',
  '/rest/v1/',
  '/rest/v1/rpc/x',
  '/rest/v1/pg_catalog.pg_roles',
  '/rest/v1/%22pages%22',
  '/rest/v1/%E0%A4%A',
  '/rest/v1/a%00b',
  '/auth/v1/signup',
  '/auth/v1/token?grant_type=password',
  '/auth/v1/token?grant_type=refresh_token',
  '/auth/v1/token?grant_type=pkce',
  '/auth/v1/token?grant_type=%00',
  '/auth/v1/token',
  '/auth/v1/user',
  '/auth/v1/logout?scope=global',
  '/auth/v1/logout?scope=weird',
  '/auth/v1/settings',
  '/auth/v1/authorize?provider=google',
  '/auth/v1/callback?state=00000000-0000-0000-0000-000000000000&code=x',
  '/auth/v1/verify?type=signup&token=x',
  '/auth/v1/resend',
  '/auth/v1/%ZZ',
  '/health',
  '/config.json',
];
const QUERY_PARTS = [
  'select=*',
  'select=id,question',
  'select=nope',
  'select=',
  'select=(',
  'select=a->b',
  'select=*,*',
  'id=eq.1',
  'id=eq.abc',
  'id=gt.',
  'id=in.(1,2',
  'id=in.()',
  'id=is.maybe',
  'id=not.eq.1',
  'id=xx.1',
  'energy=gte.50',
  'energy=gte.1e999',
  'created_at=lt.yesterday',
  'created_at=lt.2026-01-01',
  "answer=eq.'; drop table user_answers; --",
  'answer=like.*%25*',
  'answer=ilike.%00',
  'or=(id.eq.1,id.eq.2)',
  'or=(id.eq.1',
  'or=((((((((((((((((((((id.eq.1))))))))))))))))))))',
  'and=()',
  'order=created_at.desc',
  'order=nope.asc',
  'order=id.sideways',
  'order=',
  'limit=10',
  'limit=-1',
  'limit=99999999999999999999',
  'offset=5',
  'offset=x',
  'columns=answer',
  'columns="x',
  'on_conflict=id',
  'user_id=eq.00000000-0000-0000-0000-000000000000',
  'user_id=eq.not-a-uuid',
  'flow_state=is.true',
];
const BODIES = [
  undefined,
  '',
  '{',
  '[]',
  '{}',
  'null',
  '42',
  '"text"',
  '[1,2,3]',
  '[{}]',
  '{"answer":null}',
  '{"answer":"x","question_id":"abc"}',
  '{"answer":"x","question_id":1}',
  '[{"a":1},{"b":2}]',
  '{"email":"x@example.test","password":"secret123"}',
  '{"email":123,"password":[]}',
  '{"email":"a@b.c","password":"' + 'x'.repeat(200) + '"}',
  '{"refresh_token":{"$gt":""}}',
  '{"data":{"a":{"b":{"c":[1,{"d":null}]}}}}',
  '\u0000',
  '{"answer":"\\ud800"}',
  '[' + '['.repeat(200),
  '{"answer":"' + 'y'.repeat(20_000) + '","question_id":1}',
];
const CONTENT_TYPES = [
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'text/csv',
  'application/json; charset=latin1',
  'multipart/form-data; boundary=x',
  '',
];
const ACCEPTS = [
  'application/json',
  'application/vnd.pgrst.object+json',
  'text/csv',
  '*/*',
  'application/xml',
  'application/vnd.pgrst.object+json;nulls=stripped',
];
const PREFERS = [
  'return=representation',
  'return=minimal',
  'count=exact',
  'missing=default',
  'return=representation,count=exact',
  'resolution=merge-duplicates',
  'count=bogus',
  'tx=rollback',
];
// Function calls get their own sweep: every kind of function the rpc tests
// define, with argument and filter query strings and bodies aimed at them.
const RPC_REQUESTS = 300;
const RPC_PATHS = [
  '/rest/v1/rpc/add_numbers',
  '/rest/v1/rpc/greet',
  '/rest/v1/rpc/nothing',
  '/rest/v1/rpc/my_answers',
  '/rest/v1/rpc/numbers',
  '/rest/v1/rpc/squares',
  '/rest/v1/rpc/make_point',
  '/rest/v1/rpc/describe',
  '/rest/v1/rpc/with_defaults',
  '/rest/v1/rpc/echo_json',
  '/rest/v1/rpc/fail_with',
  '/rest/v1/rpc/log_note',
  '/rest/v1/rpc/touch',
  '/rest/v1/rpc/hidden_sum',
  '/rest/v1/rpc/only_members',
  '/rest/v1/rpc/pg_sleep',
  '/rest/v1/rpc/version',
  '/rest/v1/rpc/',
  '/rest/v1/rpc/a/b',
  '/rest/v1/rpc/%22add_numbers%22',
  '/rest/v1/rpc/add_numbers%00',
  '/rest/v1/rpc/public.add_numbers',
];
const RPC_QUERY_PARTS = [
  'a=1',
  'a=abc',
  'a=99999999999999999999',
  'b=2',
  'b=',
  'name=x',
  'upto=5',
  'upto=-1',
  'upto=1e9',
  'px=1',
  'py=%00',
  'v=1',
  's=t',
  'kind=check',
  'kind=denied',
  'note=hi',
  '__proto__=1',
  'constructor=1',
  'n=gt.2',
  'n=eq.x',
  'parity=eq.odd',
  'nope=eq.1',
  'select=n',
  'select=nope',
  'select=*,n',
  'order=n.desc',
  'order=nope',
  'limit=2',
  'offset=1',
  'or=(n.eq.1,n.eq.2)',
  'add_numbers=eq.3',
  'squares=gt.4',
  'columns=a',
];
const RPC_BODIES = [
  undefined,
  '',
  '{}',
  '{"a":1,"b":2}',
  '{"a":"x","b":2}',
  '{"a":1e999,"b":1}',
  '{"a":null,"b":null}',
  '{"a":[1],"b":{"c":1}}',
  '{"a":true,"b":false}',
  '{"upto":3}',
  '{"upto":100000000}',
  '{"px":1,"py":2,"pz":3}',
  '{"kind":"check"}',
  '{"note":null}',
  '{"name":"\\u0000"}',
  '{"__proto__":{"a":1}}',
  '[]',
  '[{"a":1}]',
  '42',
  'null',
  '"text"',
  '{',
  '{"deep":' + '['.repeat(100) + ']'.repeat(100) + '}',
];
// Calls that reach each function, each combined with every shaping part and
// header below, so the sweep also covers requests that get as far as SQL.
const RPC_CALLS: Array<{ path: string; body?: string }> = [
  { path: '/rest/v1/rpc/add_numbers?a=1&b=2' },
  { path: '/rest/v1/rpc/add_numbers', body: '{"a":1,"b":2}' },
  { path: '/rest/v1/rpc/nothing' },
  { path: '/rest/v1/rpc/my_answers' },
  { path: '/rest/v1/rpc/numbers?upto=5' },
  { path: '/rest/v1/rpc/numbers', body: '{"upto":5}' },
  { path: '/rest/v1/rpc/squares?upto=3' },
  { path: '/rest/v1/rpc/pair', body: '{"x":2}' },
  { path: '/rest/v1/rpc/make_point?px=1' },
  { path: '/rest/v1/rpc/describe?s=x' },
  { path: '/rest/v1/rpc/with_defaults', body: '{"a":1,"c":null}' },
  { path: '/rest/v1/rpc/echo_json', body: '{"x":[1,2]}' },
  { path: '/rest/v1/rpc/fail_with', body: '{"kind":"other"}' },
  { path: '/rest/v1/rpc/log_note?note=x' },
  { path: '/rest/v1/rpc/touch' },
];
const RPC_SHAPING = [
  '',
  'select=n',
  'select=squares',
  'select=px,py',
  'n=gt.1',
  'n=in.(1,2)',
  'parity=like.*d',
  'squares=lt.5',
  'add_numbers=eq.3',
  'order=n.desc.nullslast',
  'limit=1&offset=1',
  'limit=0',
  'offset=99',
  'or=(n.eq.1,parity.eq.even)',
  'not.and=(n.gt.1)',
];
const RPC_HEADERS: Array<Record<string, string>> = [
  {},
  { accept: 'application/vnd.pgrst.object+json' },
  { prefer: 'count=exact' },
  { range: '1-2' },
  { prefer: 'return=minimal' },
];
const RANGES = ['0-9', '5-2', 'x-y', '0-', '-5', '99999999999999999999-1'];
const METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS'];

let server: TestServer;
let userToken: string;
beforeAll(async () => {
  server = await startTestServer();
  await createRpcFunctions(server);
  userToken = (await signedInClient(server, 'sweep')).accessToken;
});
afterAll(() => server.close());

interface SweepShape {
  seed: number;
  requests: number;
  paths: string[];
  queryParts: string[];
  bodies: Array<string | undefined>;
  methods: string[];
}

async function sweep({
  seed,
  requests,
  paths,
  queryParts,
  bodies,
  methods,
}: SweepShape): Promise<string[]> {
  {
    const random = prng(seed);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const failures: string[] = [];
    for (let i = 0; i < requests; i++) {
      const method = pick(methods);
      const base = pick(paths);
      const query = Array.from({ length: Math.floor(random() * 4) }, () => pick(queryParts));
      const separator = base.includes('?') ? '&' : '?';
      const path = query.length ? `${base}${separator}${query.join('&')}` : base;
      const headers: Record<string, string> = {};
      if (random() < 0.9) headers['apikey'] = server.anonKey;
      const auth = random();
      if (auth < 0.4) headers['authorization'] = `Bearer ${userToken}`;
      else if (auth < 0.5) headers['authorization'] = `Bearer ${userToken.slice(0, -3)}abc`;
      else if (auth < 0.55) headers['authorization'] = 'Bearer not.a.jwt';
      else if (auth < 0.6) headers['authorization'] = 'Basic dXNlcjpwYXNz';
      if (random() < 0.5) headers['accept'] = pick(ACCEPTS);
      if (random() < 0.4) headers['prefer'] = pick(PREFERS);
      if (random() < 0.15) headers['range'] = pick(RANGES);
      const body = method === 'GET' || method === 'HEAD' ? undefined : pick(bodies);
      if (body !== undefined && random() < 0.9) headers['content-type'] = pick(CONTENT_TYPES);
      const res = await fetch(`${server.url}${path}`, { method, headers, body });
      const text = await res.text();
      if (res.status >= 500) {
        failures.push(
          `#${i} ${method} ${path} ${JSON.stringify(headers)} body=${body?.slice(0, 80)} -> ${res.status} ${text.slice(0, 200)}`,
        );
      }
    }
    return failures;
  }
}

describe('no request shape makes the server answer 5xx', () => {
  it(`answers ${REQUESTS} seeded odd requests with something other than a 5xx`, async () => {
    const failures = await sweep({
      seed: SEED,
      requests: REQUESTS,
      paths: PATHS,
      queryParts: QUERY_PARTS,
      bodies: BODIES,
      methods: METHODS,
    });
    expect(failures).toEqual([]);
  });

  it('answers every call to a real function, however shaped, with something other than a 5xx', async () => {
    const failures: string[] = [];
    for (const call of RPC_CALLS) {
      for (const shaping of RPC_SHAPING) {
        for (const extra of RPC_HEADERS) {
          const separator = call.path.includes('?') ? '&' : '?';
          const path = shaping ? `${call.path}${separator}${shaping}` : call.path;
          const method = call.body === undefined ? 'GET' : 'POST';
          const headers: Record<string, string> = {
            apikey: server.anonKey,
            authorization: `Bearer ${userToken}`,
            'content-type': 'application/json',
            ...extra,
          };
          const res = await fetch(`${server.url}${path}`, { method, headers, body: call.body });
          const text = await res.text();
          if (res.status >= 500)
            failures.push(`${method} ${path} ${JSON.stringify(extra)} -> ${res.status} ${text}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it(`answers ${RPC_REQUESTS} seeded odd function calls with something other than a 5xx`, async () => {
    const failures = await sweep({
      seed: SEED + 1,
      requests: RPC_REQUESTS,
      paths: RPC_PATHS,
      queryParts: RPC_QUERY_PARTS,
      bodies: RPC_BODIES,
      // Calls are GET, HEAD and POST; the others only need to be refused.
      methods: ['GET', 'GET', 'HEAD', 'POST', 'POST', 'POST', 'PATCH', 'OPTIONS'],
    });
    expect(failures).toEqual([]);
  });
});
