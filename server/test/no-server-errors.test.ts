import { serverForFile } from './helpers/server-for-file.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { sweep } from './helpers/request-sweep.ts';
import { signedInClient } from './helpers/users.ts';

// A seeded sweep of odd requests across every API (helpers/request-sweep.ts);
// function calls have their own sweep in rpc-no-server-errors.test.ts.
const SEED = 20261122;
const REQUESTS = 400;

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
  '/rest/v1/reminder_settings',
  '/reminders/v1/unsubscribe',
  '/reminders/v1/unsubscribe?token=00000000-0000-0000-0000-000000000000.AAAA',
  '/reminders/v1/%ZZ',
  '/reminders/v1/test',
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
const METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE', 'PUT', 'OPTIONS'];

let userToken: string;
const server = await serverForFile();
beforeAll(async () => {
  userToken = (await signedInClient(server, 'sweep')).accessToken;
});

describe('no request shape makes the server answer 5xx', () => {
  it(`answers ${REQUESTS} seeded odd requests with something other than a 5xx`, async () => {
    const failures = await sweep({
      server,
      userToken,
      seed: SEED,
      requests: REQUESTS,
      paths: PATHS,
      queryParts: QUERY_PARTS,
      bodies: BODIES,
      methods: METHODS,
    });
    expect(failures).toEqual([]);
  });
});
