import { randomBytes } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/server-process.ts';

// The deployment of docs/self-hosting.md: `npm start` with DATABASE_URL and a fixed
// JWT_SECRET, two replicas behind one (imagined) load balancer. Everything
// that must be shared lives in PostgreSQL, so either replica serves any user.
const adminUrl = process.env['TEST_DATABASE_URL'];

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const clientFor = (server: RunningServer, anonKey: string) =>
  createClient(server.url, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });

describe.skipIf(!adminUrl)('two replicas on one PostgreSQL', () => {
  const dbName = `et_e2e_${randomBytes(5).toString('hex')}`;
  const replicas: RunningServer[] = [];
  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.stop()));
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });

  it('serves one user from either replica: sign-up, save, read, refresh, sign out', async () => {
    await admin(`CREATE DATABASE ${dbName}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    const env = { DATABASE_URL: url.toString(), JWT_SECRET: randomBytes(32).toString('hex') };
    // Started together: the migration lock lets exactly one apply the schema.
    const [a, b] = await Promise.all([startServer({ env }), startServer({ env })]);
    replicas.push(a!, b!);

    const { supabaseAnonKey } = await (await fetch(`${a!.url}/config.json`)).json();
    const { supabaseAnonKey: keyOfB } = await (await fetch(`${b!.url}/config.json`)).json();
    expect(keyOfB).toBe(supabaseAnonKey);

    const onA = clientFor(a!, supabaseAnonKey);
    const onB = clientFor(b!, supabaseAnonKey);
    const email = `replica-${Date.now()}@example.test`;
    const { data: signUp, error: signUpError } = await onA.auth.signUp({
      email,
      password: 'replica password',
    });
    expect(signUpError).toBeNull();
    const session = signUp.session!;

    const { data: questions } = await onA.from('questions').select('id, question');
    const id = (q: string) => questions!.find((row) => row.question === q)!.id;
    const { error: saveError } = await onA.from('user_answers').insert([
      { user_id: session.user.id, question_id: id('Activity Description'), answer: 'Deep work' },
      { user_id: session.user.id, question_id: id('Energy Level'), answer: '90' },
      { user_id: session.user.id, question_id: id('Engagement Level'), answer: '95' },
      { user_id: session.user.id, question_id: id('Flow State'), answer: 'true' },
    ]);
    expect(saveError).toBeNull();

    await onB.auth.setSession(session);
    const { data: seenOnB } = await onB.from('activities').select('activity, energy, flow_state');
    expect(seenOnB).toEqual([{ activity: 'Deep work', energy: 90, flow_state: true }]);

    const { data: refreshed, error: refreshError } = await onB.auth.refreshSession();
    expect(refreshError).toBeNull();
    expect(refreshed.session!.refresh_token).not.toBe(session.refresh_token);

    // Signed out on B, the session is gone for A too.
    expect((await onB.auth.signOut()).error).toBeNull();
    const { error: staleRefresh } = await onA.auth.refreshSession({
      refresh_token: refreshed.session!.refresh_token,
    });
    expect(staleRefresh?.code).toBe('refresh_token_not_found');
  });
});
