import { createClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import { newDataDir, startServer, type RunningServer } from '../support/server-process.ts';

const clientFor = async (server: RunningServer) => {
  const { supabaseAnonKey } = await (await fetch(`${server.url}/config.json`)).json();
  return createClient(server.url, supabaseAnonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
};

describe('the embedded database keeps data across a restart', () => {
  const running: RunningServer[] = [];
  afterAll(async () => {
    await Promise.all(running.map((s) => s.stop()));
  });

  it('finds the account, the session and the saved activity after restarting on the same DATA_DIR', async () => {
    const dataDir = await newDataDir();
    const email = `restart-${Date.now()}@example.test`;
    const password = 'correct horse battery';

    const first = await startServer({ dataDir });
    running.push(first);
    const before = await clientFor(first);
    const { data: signUp, error: signUpError } = await before.auth.signUp({ email, password });
    expect(signUpError).toBeNull();
    const userId = signUp.user!.id;
    const accessToken = signUp.session!.access_token;

    const { data: page } = await before
      .from('pages')
      .select('id')
      .eq('name', 'good_time_journal')
      .single();
    const { data: questions } = await before
      .from('questions')
      .select('id, question')
      .eq('page_id', page!.id)
      .eq('active', true);
    const idOf = (text: string) => questions!.find((q) => q.question === text)!.id;
    const { error: insertError } = await before.from('user_answers').insert([
      { user_id: userId, question_id: idOf('Activity Description'), answer: 'Morning run' },
      { user_id: userId, question_id: idOf('Energy Level'), answer: '80' },
      { user_id: userId, question_id: idOf('Engagement Level'), answer: '65' },
      { user_id: userId, question_id: idOf('Flow State'), answer: 'true' },
    ]);
    expect(insertError).toBeNull();
    expect(await first.stop()).toBe(0);

    const second = await startServer({ dataDir });
    running.push(second);
    const after = await clientFor(second);
    // The JWT secret was kept in DATA_DIR, so a token from before still verifies.
    const { data: stillValid, error: userError } = await after.auth.getUser(accessToken);
    expect(userError).toBeNull();
    expect(stillValid.user?.email).toBe(email);

    const { error: signInError } = await after.auth.signInWithPassword({ email, password });
    expect(signInError).toBeNull();
    const { data: activities, error: readError } = await after
      .from('activities')
      .select('activity, energy, engagement, flow_state');
    expect(readError).toBeNull();
    expect(activities).toEqual([
      { activity: 'Morning run', energy: 80, engagement: 65, flow_state: true },
    ]);
  });
});

describe('one server per data directory', () => {
  it('refuses to start a second server on a DATA_DIR in use, and the first keeps serving', async () => {
    const first = await startServer();
    try {
      await expect(startServer({ dataDir: first.dataDir })).rejects.toThrow(
        /is in use by another Energy Tracker server/,
      );
      expect((await fetch(`${first.url}/health`)).status).toBe(200);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    // A clean stop releases the directory for the next start.
    const next = await startServer({ dataDir: first.dataDir });
    expect(await next.stop()).toBe(0);
  });
});
