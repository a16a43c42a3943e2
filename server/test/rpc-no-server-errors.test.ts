import { serverForFile } from './helpers/server-for-file.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { sweep } from './helpers/request-sweep.ts';
import { signedInClient } from './helpers/users.ts';
import { createRpcFunctions } from './rest/rpc-fixtures.ts';

const SEED = 20261123;
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
let userToken: string;
const server = await serverForFile();
await createRpcFunctions(server);
beforeAll(async () => {
  userToken = (await signedInClient(server, 'rpc-sweep')).accessToken;
});

describe('no function call makes the server answer 5xx', () => {
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
      server,
      userToken,
      seed: SEED,
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
