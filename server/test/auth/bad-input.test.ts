import { beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../helpers/test-server.ts';
import { serverForFile } from '../helpers/server-for-file.ts';
import {
  authRequest,
  bearer,
  expectAuthError,
  PASSWORD,
  postJson,
  signUp,
  type RawResponse,
} from './support.ts';

// No request can make the auth API answer 500 by its shape (docs/architecture.md 6 says
// so for the data API; the same holds here), and every refusal leaves in
// GoTrue's format so that supabase-js can read it.

let accessToken: string;
const server = await serverForFile();
beforeAll(async () => {
  accessToken = (await signUp(server, 'shape')).session.access_token;
});

type Endpoint = { name: string; method: 'POST' | 'PUT'; path: string; auth?: boolean };
const BODY_ENDPOINTS: Endpoint[] = [
  { name: 'signup', method: 'POST', path: '/signup' },
  { name: 'password grant', method: 'POST', path: '/token?grant_type=password' },
  { name: 'refresh grant', method: 'POST', path: '/token?grant_type=refresh_token' },
  { name: 'user update', method: 'PUT', path: '/user', auth: true },
];

function send(endpoint: Endpoint, body: string, contentType = 'application/json') {
  const headers: Record<string, string> = { 'Content-Type': contentType };
  if (endpoint.auth) Object.assign(headers, bearer(accessToken));
  return authRequest(server, endpoint.path, { method: endpoint.method, headers, body });
}

describe('malformed bodies', () => {
  it.each(BODY_ENDPOINTS)('answers 400 bad_json to broken JSON on $name', async (endpoint) => {
    for (const body of ['{"email": ', '{email: "a"}', 'not json', '', '{"a":1}}']) {
      const res = await send(endpoint, body);
      expectAuthError(res, 400, 'bad_json', /^Could not parse request body as JSON: /);
    }
  });

  it.each(BODY_ENDPOINTS)(
    'answers 400 bad_json to a body that is not an object on $name',
    async (endpoint) => {
      for (const body of ['[]', '[{"email":"a@b.test"}]', '42', '"text"', 'true']) {
        expectAuthError(await send(endpoint, body), 400, 'bad_json');
      }
    },
  );

  it('refuses fields of the wrong type with 400 bad_json', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['/signup', { email: 42, password: PASSWORD }],
      ['/signup', { email: ['a@b.test'], password: PASSWORD }],
      ['/signup', { email: { address: 'a@b.test' }, password: PASSWORD }],
      ['/signup', { email: uniqueEmail(), password: 12345678 }],
      ['/signup', { email: uniqueEmail(), password: ['secret-one'] }],
      ['/signup', { email: uniqueEmail(), password: { value: 'secret-one' } }],
      ['/signup', { email: uniqueEmail(), password: true }],
      ['/signup', { email: uniqueEmail(), password: PASSWORD, data: 'name' }],
      ['/signup', { email: uniqueEmail(), password: PASSWORD, data: [1, 2] }],
      ['/token?grant_type=password', { email: 7, password: PASSWORD }],
      ['/token?grant_type=password', { email: 'a@b.test', password: 123456 }],
      ['/token?grant_type=password', { email: 'a@b.test', password: ['x'] }],
      ['/token?grant_type=refresh_token', { refresh_token: 1234567890123 }],
      ['/token?grant_type=refresh_token', { refresh_token: { token: 'x' } }],
    ];
    for (const [path, body] of cases) {
      const res = await postJson(server, path, body);
      expectAuthError(res, 400, 'bad_json', /^Could not parse request body as JSON: /);
    }
    const update = await authRequest(server, '/user', {
      method: 'PUT',
      headers: { ...bearer(accessToken), 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: ['not', 'an', 'object'] }),
    });
    expectAuthError(update, 400, 'bad_json');
  });

  it('treats null fields as absent, as Go does', async () => {
    const res = await postJson(server, '/signup', {
      email: uniqueEmail('nulls'),
      password: PASSWORD,
      data: null,
      code_challenge: null,
      code_challenge_method: null,
    });
    expect(res.status).toBe(200);
    expectAuthError(await postJson(server, '/signup', 'null'), 400, 'validation_failed');
  });

  it('refuses metadata PostgreSQL cannot store instead of failing', async () => {
    for (const data of ['{"name":"a\\u0000b"}', '{"name":"\\ud800"}']) {
      const body = `{"email":"${uniqueEmail('nul')}","password":"${PASSWORD}","data":${data}}`;
      const res = await postJson(server, '/signup', body);
      expectAuthError(res, 400, 'bad_json');
    }
    // The same characters written as plain text are ordinary data.
    const text = { note: 'type \\u0000 or \\ud800 to see an escape' };
    const { data, error } = await server.client().auth.signUp({
      email: uniqueEmail('text'),
      password: PASSWORD,
      options: { data: text },
    });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject(text);
  });

  it('refuses a NUL character in an e-mail or password with 400, on every endpoint that reads one', async () => {
    for (const path of ['/signup', '/token?grant_type=password']) {
      for (const body of [
        { email: 'a\u0000b@example.test', password: PASSWORD },
        { email: uniqueEmail('nul'), password: `pass\u0000word` },
      ]) {
        expectAuthError(await postJson(server, path, body), 400, 'bad_json');
      }
    }
  });

  it('refuses metadata nested deeper than any profile needs, before PostgreSQL would fail', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const signup = await postJson(
      server,
      '/signup',
      `{"email":"${uniqueEmail('deep')}","password":"${PASSWORD}","data":{"a":${deep}}}`,
    );
    expectAuthError(signup, 400, 'bad_json');
    const update = await send(BODY_ENDPOINTS[3] as Endpoint, `{"data":{"a":${deep}}}`);
    expectAuthError(update, 400, 'bad_json');
    const fine = await send(BODY_ENDPOINTS[3] as Endpoint, '{"data":{"a":{"b":{"c":[1,[2]]}}}}');
    expect(fine.status).toBe(200);
  });
});

describe('content types and sizes', () => {
  it('reads a JSON body whatever its Content-Type, as GoTrue does', async () => {
    const types = ['text/plain', 'application/octet-stream', 'application/json; charset=latin1'];
    for (const type of types) {
      const body = JSON.stringify({ email: uniqueEmail('any-type'), password: PASSWORD });
      const res = await send(BODY_ENDPOINTS[0] as Endpoint, body, type);
      expect(res.status, type).toBe(200);
    }
  });

  it('answers 400 bad_json to a form or multipart body', async () => {
    const form = await send(
      BODY_ENDPOINTS[1] as Endpoint,
      'email=a%40b.test&password=secret',
      'application/x-www-form-urlencoded',
    );
    expectAuthError(form, 400, 'bad_json');
    const multipart = await send(
      BODY_ENDPOINTS[0] as Endpoint,
      '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.test\r\n--x--',
      'multipart/form-data; boundary=x',
    );
    expectAuthError(multipart, 400, 'bad_json');
  });

  it('answers 413 request_entity_too_large to a body over 1 MiB', async () => {
    const body = JSON.stringify({
      email: uniqueEmail('big'),
      password: PASSWORD,
      data: { blob: 'x'.repeat(1024 * 1024 + 10) },
    });
    for (const endpoint of BODY_ENDPOINTS) {
      const res = await send(endpoint, body);
      expectAuthError(
        res,
        413,
        'request_entity_too_large',
        'Request body too large (max 1048576 bytes)',
      );
    }
  });
});

describe('keys, grants and routes', () => {
  it('refuses every auth endpoint without an apikey with 401', async () => {
    const calls: [string, RequestInit][] = [
      ['/signup', { method: 'POST', body: '{}' }],
      ['/token?grant_type=password', { method: 'POST', body: '{}' }],
      ['/logout', { method: 'POST', headers: bearer(accessToken) }],
      ['/user', { headers: bearer(accessToken) }],
      ['/user', { method: 'PUT', headers: bearer(accessToken), body: '{}' }],
      ['/settings', {}],
    ];
    for (const [path, init] of calls) {
      const res: RawResponse = await authRequest(server, path, { ...init, apikey: null });
      expect(res.status, path).toBe(401);
      expect(res.body).toMatchObject({ message: 'No API key found in request' });
      const forged = await authRequest(server, path, { ...init, apikey: `${server.anonKey}x` });
      expect(forged.status, path).toBe(401);
      expect(forged.body).toMatchObject({ message: 'Invalid API key' });
    }
  });

  it('answers an unknown or missing grant_type like GoTrue: 400 invalid_credentials', async () => {
    for (const query of [
      '?grant_type=client_credentials',
      '',
      '?grant_type=',
      '?grant_type=PASSWORD',
    ]) {
      const res = await postJson(server, `/token${query}`, {
        email: 'a@b.test',
        password: PASSWORD,
      });
      expectAuthError(res, 400, 'invalid_credentials', 'unsupported_grant_type');
    }
    const repeated = await postJson(server, '/token?grant_type=password&grant_type=x', {
      email: uniqueEmail(),
      password: PASSWORD,
    });
    expectAuthError(repeated, 400, 'invalid_credentials', 'Invalid login credentials');
  });

  it('answers unknown paths and methods with 404 in the same format', async () => {
    expectAuthError(await authRequest(server, '/nowhere'), 404, 'not_found');
    expectAuthError(await authRequest(server, '/signup'), 404, 'not_found');
    expectAuthError(await authRequest(server, '/token', { method: 'GET' }), 404, 'not_found');
  });

  it('never answers 5xx to a pile of odd requests', async () => {
    // Its own user: the /logout calls below end its sessions.
    const { session } = await signUp(server, 'odd');
    const bodies = [
      '',
      '{}',
      '{"email":null}',
      '{"email":"a@b"}',
      '{"__proto__":{"x":1}}',
      '{"data":{"__proto__":{"polluted":true}},"email":"p@p.test","password":"pppppp"}',
      `{"email":"${'a'.repeat(5000)}@b.test","password":"x"}`,
      '\u0000',
      '{"password":"\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000","email":"n@n.test"}',
    ];
    const paths = ['/signup', '/token?grant_type=password', '/token?grant_type=refresh_token'];
    for (const path of [...paths, '/logout']) {
      for (const body of bodies) {
        const res = await postJson(server, path, body, bearer(session.access_token));
        expect(res.status, `${path} ${body.slice(0, 40)}`).toBeLessThan(500);
        if (res.status >= 400) expect(res.body).toHaveProperty('error_code');
      }
    }
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});
