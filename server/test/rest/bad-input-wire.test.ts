import { describe, expect, it } from 'vitest';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient } from '../helpers/users.ts';
import { errorShape, expectRefused, nowSeconds, restFetch, signToken } from './fixtures.ts';

// Bodies, tokens and headers a client can get wrong: each gets a 4xx in
// PostgREST's {code, message, details, hint}, and no request shape gets a 500.
const server = await serverForFile();
const user = await signedInClient(server, 'bad-wire');

const JSON_HEADERS = { 'Content-Type': 'application/json' };

async function expectError(res: Response, status: number, body: Record<string, unknown>) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(await res.json()).toEqual({ ...errorShape, ...body });
}

describe('request bodies', () => {
  it('malformed, empty or mismatched JSON is 400 PGRST102', async () => {
    const bodies: Array<[string | undefined, string]> = [
      ['{"answer": "x",', 'Empty or invalid json'],
      [undefined, 'Empty or invalid json'],
      ['[{"answer": "a"}, {"question_id": 1}]', 'All object keys must match'],
      ['[{"answer": "a"}, 7]', 'All object keys must match'],
    ];
    for (const [body, message] of bodies) {
      const res = await restFetch(server, '/user_answers', {
        method: 'POST',
        token: user.accessToken,
        headers: JSON_HEADERS,
        body,
      });
      await expectError(res, 400, { code: 'PGRST102', message });
    }
  });

  it('a body that is not JSON is refused by its content type', async () => {
    const res = await restFetch(server, '/user_answers', {
      method: 'POST',
      token: user.accessToken,
      headers: { 'Content-Type': 'text/csv' },
      body: 'answer\nx',
    });
    await expectError(res, 400, {
      code: 'PGRST102',
      message: 'Content-Type not acceptable: text/csv',
    });
  });

  it('a body over 1 MiB is 413 in the same format', async () => {
    const answer = 'x'.repeat(1024 * 1024);
    const res = await restFetch(server, '/user_answers', {
      method: 'POST',
      token: user.accessToken,
      headers: JSON_HEADERS,
      body: JSON.stringify({ answer }),
    });
    await expectError(res, 413, { code: 'PGRST102', message: 'Request body is too large' });
  });
});

describe('credentials', () => {
  const base = () => ({
    iss: 'energy-tracker',
    sub: user.userId,
    aud: 'authenticated',
    role: 'authenticated',
    iat: nowSeconds() - 60,
    exp: nowSeconds() + 3600,
  });

  it('a request without the project key is refused at the gateway, 401', async () => {
    const res = await fetch(`${server.url}/rest/v1/questions`, {
      headers: { Authorization: `Bearer ${user.accessToken}` },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ message: 'No API key found in request' });
  });

  it('a tampered token is 401 PGRST301', async () => {
    const [header, payload, signature] = user.accessToken.split('.');
    const flipped = `${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    const res = await restFetch(server, '/questions', { token: `${header}.${payload}.${flipped}` });
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    await expectError(res, 401, {
      code: 'PGRST301',
      message: 'JWT cryptographic operation failed',
    });
  });

  it('an expired token is 401 PGRST303', async () => {
    const token = await signToken(server, {
      ...base(),
      iat: nowSeconds() - 7200,
      exp: nowSeconds() - 3600,
    });
    const res = await restFetch(server, '/questions', { token });
    await expectError(res, 401, { code: 'PGRST303', message: 'JWT expired' });
  });

  it('an unsigned alg:none token is 401 PGRST301, whatever it claims', async () => {
    const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const token = `${part({ alg: 'none', typ: 'JWT' })}.${part(base())}.`;
    const res = await restFetch(server, '/user_answers', { token });
    await expectError(res, 401, {
      code: 'PGRST301',
      message: 'Wrong or unsupported encoding algorithm',
    });
  });

  it('tokens of the wrong shape are 401 PGRST301 with PostgREST’s messages', async () => {
    const cases: Array<[string, string]> = [
      ['Bearer abc.def', 'Expected 3 parts in JWT; got 2'],
      ['Bearer ', 'Empty JWT is sent in Authorization header'],
      ['Bearer %%%.%%%.%%%', "JWT couldn't be decoded"],
    ];
    for (const [authorization, message] of cases) {
      const res = await restFetch(server, '/questions', {
        headers: { Authorization: authorization },
      });
      await expectError(res, 401, { code: 'PGRST301', message });
    }
  });

  it('a validly signed token for any role but anon or authenticated is 401', async () => {
    for (const role of ['service_role', 'postgres']) {
      const token = await signToken(server, { ...base(), role });
      const res = await restFetch(server, '/questions', { token });
      await expectError(res, 401, {
        code: '42501',
        message: `permission denied to set role "${role}"`,
      });
    }
  });
});

describe('headers and paths', () => {
  it('a single object asked of many rows is 406 PGRST116', async () => {
    const { error, status } = await user.client.from('questions').select('id').single();
    expectRefused({ status, error }, 406, {
      code: 'PGRST116',
      message: 'JSON object requested, multiple (or no) rows returned',
      details: 'The result contains 6 rows',
    });
  });

  it('unsupported media types, schemas, methods and paths', async () => {
    const t = user.accessToken;
    await expectError(
      await restFetch(server, '/questions', { token: t, headers: { Accept: 'text/csv' } }),
      406,
      {
        code: 'PGRST107',
        message: 'None of these media types are available: text/csv',
      },
    );
    await expectError(
      await restFetch(server, '/questions', { token: t, headers: { 'Accept-Profile': 'auth' } }),
      406,
      {
        code: 'PGRST106',
        message: 'Invalid schema: auth',
        hint: 'Only the following schemas are exposed: public',
      },
    );
    await expectError(await restFetch(server, '/questions', { token: t, method: 'PUT' }), 405, {
      code: 'PGRST117',
      message: 'Unsupported HTTP method: PUT',
    });
    await expectError(await restFetch(server, '/questions/1', { token: t }), 404, {
      code: 'PGRST125',
      message: 'Invalid path specified in request URL',
    });
    // The view reads one table, so PostgreSQL could delete through it; only
    // SELECT is granted, and PostgREST then answers the database's refusal.
    await expectError(await restFetch(server, '/activities', { token: t, method: 'DELETE' }), 403, {
      code: '42501',
      message: 'permission denied for view activities',
    });
  });

  it('no request shape makes the server answer 500', async () => {
    const t = user.accessToken;
    const deep = `${'and('.repeat(40)}id.eq.1${')'.repeat(40)}`;
    const nested = `${'['.repeat(200)}${']'.repeat(200)}`;
    const requests: Array<[string, RequestInit & { token?: string }]> = [
      ['/questions?or=(((((', { token: t }],
      [`/questions?select=${Array(1100).fill('id').join(',')}`, { token: t }],
      [`/questions?select=${Array(400).fill('*').join(',')}`, { token: t }],
      ['/user_answers?answer=is.true', { token: t }],
      ['/user_answers?created_at=gt.yesterday-ish', { token: t }],
      [
        '/user_answers',
        { token: t, method: 'POST', headers: { 'Content-Type': ';;;' }, body: '{}' },
      ],
      ['/questions?select=,,,', { token: t }],
      ['/questions?id=in.("unterminated', { token: t }],
      ['/questions?order=', { token: t }],
      ['/questions?%ZZ=eq.1', { token: t }],
      ['/questions?question=eq.%00', { token: t }],
      ['/questions?question=like.*%00*', { token: t }],
      [`/questions?or=(${deep})`, { token: t }],
      ['/questions?id=eq.99999999999999999999999', { token: t }],
      ['/questions?id=gt.1e999', { token: t }],
      ['/questions?id=is.maybe', { token: t }],
      ['/questions?question=gt.1&question=eq.1&question=zz.1', { token: t }],
      ['/questions?limit=9999999999999999999', { token: t }],
      ['/questions', { token: t, headers: { Prefer: 'handling=strict, frobnicate' } }],
      ['/questions', { token: t, headers: { Accept: 'application/vnd.pgrst.object+json;;;q=x' } }],
      [
        '/user_answers?columns="answer"',
        { token: t, method: 'POST', headers: JSON_HEADERS, body: '[1,2]' },
      ],
      ['/user_answers', { token: t, method: 'POST', headers: JSON_HEADERS, body: nested }],
      [
        '/user_answers',
        { token: t, method: 'POST', headers: JSON_HEADERS, body: '{"__proto__": {"x": 1}}' },
      ],
      [
        '/user_answers',
        { token: t, method: 'POST', headers: JSON_HEADERS, body: '{"answer": "\\u0000"}' },
      ],
      [
        '/user_answers',
        { token: t, method: 'POST', headers: JSON_HEADERS, body: '{"question_id": 1e999}' },
      ],
      [
        '/user_answers',
        { token: t, method: 'POST', headers: JSON_HEADERS, body: '{"created_at": "then"}' },
      ],
      [
        '/user_answers',
        { token: t, method: 'PATCH', headers: JSON_HEADERS, body: '{"answer": 1}' },
      ],
      ['/user_answers?id=eq.1&limit=1', { token: t, method: 'DELETE' }],
      [
        '/activities',
        { token: t, method: 'POST', headers: JSON_HEADERS, body: '{"activity": "x"}' },
      ],
      ['/rpc/anything', { token: t, method: 'POST' }],
      ['', { token: t }],
    ];
    const answers = [];
    for (const [path, init] of requests) {
      const res = await restFetch(server, path, init);
      const body: unknown = JSON.parse(await res.text());
      answers.push({ path, clientError: res.status >= 400 && res.status < 500, body });
    }
    expect(answers).toEqual(
      requests.map(([path]) => ({ path, clientError: true, body: errorShape })),
    );
  });

  it('a path that is not valid percent-encoding is a 400 from the router', async () => {
    // Fastify rejects it before any route of ours runs; app.ts owns that answer.
    const res = await restFetch(server, '/%E0%A4%A', { token: user.accessToken });
    expect(res.status).toBe(400);
  });
});
