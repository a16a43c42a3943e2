import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import type { Queryable } from '../../src/db/database.ts';
import { uniqueEmail } from '../helpers/test-server.ts';
import { runCommand, type Target } from './targets.ts';

// What the backup tests put in through the real server and read back from
// the database: people, their entries, and every stored row of theirs.

export const PASSWORD = 'a long and unusual backup password 7';

/** A person signed up through the real server, with the backup tests' password. */
export async function signUp(client: SupabaseClient, label = 'backup') {
  const email = uniqueEmail(label);
  const { data, error } = await client.auth.signUp({ email, password: PASSWORD });
  if (error || !data.user || !data.session) throw error ?? new Error('no session');
  return { email, userId: data.user.id, refreshToken: data.session.refresh_token };
}

/** As the Track tab saves an entry: one insert of its answers (web/src/journal/save-entry.ts). */
export async function saveEntry(
  client: SupabaseClient,
  userId: string,
  entry: {
    activity: string;
    energy: number;
    engagement: number;
    flow: boolean;
    notes?: string;
    tags?: string[];
  },
  createdAt?: string,
) {
  const { data: questions, error } = await client.from('questions').select('id, question');
  if (error || !questions) throw error ?? new Error('no questions');
  const answers: Record<string, string | undefined> = {
    'Activity Description': entry.activity,
    'Energy Level': String(entry.energy),
    'Engagement Level': String(entry.engagement),
    'Flow State': String(entry.flow),
    'Activity Notes': entry.notes,
    // Tags are one more answer of the entry (ADR 038): a backup carries them as answers.
    Tags: entry.tags && JSON.stringify(entry.tags),
  };
  // Each entry carries its device-made key (ADR 035), which a backup keeps.
  const entryKey = randomUUID();
  const rows = questions.flatMap((q: { id: number; question: string }) => {
    const answer = answers[q.question];
    if (answer === undefined) return [];
    return [
      {
        user_id: userId,
        question_id: q.id,
        answer,
        entry_key: entryKey,
        ...(createdAt && { created_at: createdAt }),
      },
    ];
  });
  const saved = await client.from('user_answers').insert(rows);
  if (saved.error) throw saved.error;
}

/** Every stored column of the accounts and answers, as the database holds them. */
export async function accountRows(db: Queryable) {
  const users = await db.query(`SELECT to_jsonb(u) AS row FROM auth.users u ORDER BY id`);
  const identities = await db.query(`SELECT to_jsonb(i) AS row FROM auth.identities i ORDER BY id`);
  const factors = await db.query(`SELECT to_jsonb(f) AS row FROM auth.mfa_factors f ORDER BY id`);
  const recoveryCodes = await db.query(
    `SELECT to_jsonb(c) AS row FROM auth.mfa_recovery_codes c ORDER BY id`,
  );
  const answers = await db.query(
    `SELECT a.user_id, q.question, a.answer, a.created_at::text AS created_at, a.entry_key
     FROM public.user_answers a JOIN public.questions q ON q.id = a.question_id
     ORDER BY a.user_id, a.created_at, q.question`,
  );
  // People's own questions (ADR 084), every column but the ids the database gives out.
  const questions = await db.query(
    `SELECT q.owner_id, q.question, q.answer_type, q.unit, q.lowest::text AS lowest,
            q.highest::text AS highest, q.label_1, q.label_5, q.asked, q.active,
            q.created_at::text AS created_at
     FROM public.questions q WHERE q.owner_id IS NOT NULL
     ORDER BY q.owner_id, q.question`,
  );
  const reminders = await db.query(
    `SELECT to_jsonb(r) AS row FROM public.reminder_settings r ORDER BY user_id`,
  );
  const reviews = await db.query(
    `SELECT to_jsonb(r) AS row FROM public.weekly_reviews r ORDER BY user_id, week_start`,
  );
  return {
    users: users.rows,
    identities: identities.rows,
    factors: factors.rows,
    recoveryCodes: recoveryCodes.rows,
    answers: answers.rows,
    questions: questions.rows,
    reminders: reminders.rows,
    reviews: reviews.rows,
  };
}

export type AccountRows = Awaited<ReturnType<typeof accountRows>>;

/** Restores `file` into `target` with the real command, which must succeed; then the rows it holds. */
export async function rowsAfterRestore(file: string, target: Target): Promise<AccountRows> {
  const restore = await runCommand('restore', [file], target.env);
  expect(restore.stderr).toBe('');
  expect(restore.code).toBe(0);
  const db = await target.open();
  try {
    return await accountRows(db);
  } finally {
    await db.close();
  }
}
