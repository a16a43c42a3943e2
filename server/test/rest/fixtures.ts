import { expect } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createJwtKeys } from '../../src/jwt.ts';
import type { TestServer } from '../helpers/test-server.ts';

export const QUESTIONS = [
  'Activity Description',
  'Energy Level',
  'Engagement Level',
  'Flow State',
  'Activity Notes',
] as const;
export type Question = (typeof QUESTIONS)[number];

export interface Entry {
  activity: string;
  energy: number;
  engagement: number;
  flowState: boolean;
  notes: string;
}

/** docs/product.md 7 calls 1 and 2, exactly as the app issues them: a page's active questions, text → id. */
export async function pageQuestions(
  client: SupabaseClient,
  pageName: string,
): Promise<Map<string, number>> {
  const page = await client.from('pages').select('id').eq('name', pageName).single();
  if (page.error) throw new Error(`page lookup failed: ${page.error.message}`);
  const questions = await client
    .from('questions')
    .select('id, question')
    .eq('page_id', page.data.id)
    .eq('active', true);
  if (questions.error) throw new Error(`questions failed: ${questions.error.message}`);
  return new Map(
    (questions.data as Array<{ id: number; question: string }>).map((q) => [q.question, q.id]),
  );
}

/** The journal's questions: question text → id. */
export function journalQuestions(client: SupabaseClient): Promise<Map<string, number>> {
  return pageQuestions(client, 'good_time_journal');
}

/** The id of the 'Tags' question (docs/decisions/038), found as a client would: by its page's name. */
export async function tagsQuestion(client: SupabaseClient): Promise<number> {
  const id = (await pageQuestions(client, 'entry_context')).get('Tags');
  if (id === undefined) throw new Error("the 'Tags' question is missing or inactive");
  return id;
}

/** docs/product.md 7 call 3: the answers of one activity as one bulk insert (strings, as the app stores them). */
export async function saveAnswers(
  client: SupabaseClient,
  userId: string,
  answers: Partial<Record<Question, string>>,
): Promise<void> {
  const ids = await journalQuestions(client);
  const rows = Object.entries(answers).map(([question, answer]) => ({
    user_id: userId,
    question_id: ids.get(question),
    answer,
  }));
  const { error } = await client.from('user_answers').insert(rows);
  if (error) throw new Error(`insert failed: ${error.message}`);
  // Each save is its own transaction, so its own created_at; a short pause
  // keeps two saves from sharing a clock tick and merging into one activity.
  await new Promise((resolve) => setTimeout(resolve, 15));
}

/** An ordinary activity; a test names only the answers it looks at. */
export const AN_ACTIVITY: Entry = {
  activity: 'Reading',
  energy: 50,
  engagement: 50,
  flowState: false,
  notes: '',
};

/** One activity saved as the app saves it: AN_ACTIVITY but for the answers given. */
export function saveActivity(client: SupabaseClient, userId: string, answers: Partial<Entry> = {}) {
  const entry = { ...AN_ACTIVITY, ...answers };
  return saveAnswers(client, userId, {
    'Activity Description': entry.activity,
    'Energy Level': String(entry.energy),
    'Engagement Level': String(entry.engagement),
    'Flow State': String(entry.flowState),
    'Activity Notes': entry.notes,
  });
}

/** Raw HTTP to the data API for wire details supabase-js hides. */
export function restFetch(
  server: TestServer,
  path: string,
  init: RequestInit & { token?: string | null } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('apikey')) headers.set('apikey', server.anonKey);
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
  return fetch(`${server.url}/rest/v1${path}`, { ...init, headers });
}

/** A token signed with the server's own secret, for the JWT edge cases. */
export function signToken(server: TestServer, claims: Record<string, unknown>): Promise<string> {
  return createJwtKeys(server.jwtSecret).sign(claims);
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** The PostgREST error body every failure must have. */
export const errorShape = {
  code: expect.any(String),
  message: expect.any(String),
  details: expect.toSatisfy((v: unknown) => v === null || typeof v === 'string'),
  hint: expect.toSatisfy((v: unknown) => v === null || typeof v === 'string'),
};

/** A PostgREST error as a test names it: details and hint are null unless given. */
export interface ExpectedError {
  code: string;
  message: string;
  details?: string | null;
  hint?: string | null;
}

/** A data call refused with this status and exactly this PostgREST error. */
export function expectRefused(
  answer: { status: number; error: unknown },
  status: number,
  error: ExpectedError,
): void {
  expect(answer.status).toBe(status);
  expect(answer.error).toEqual({ details: null, hint: null, ...error });
}

/** The same, for a raw response of the data API. */
export async function expectRefusedResponse(
  res: Response,
  status: number,
  error: ExpectedError,
): Promise<void> {
  expectRefused({ status: res.status, error: await res.json() }, status, error);
}

/**
 * A table with every privilege and an owner-only policy, made before the
 * server's first data request so the schema cache sees it: the app's own
 * tables grant no UPDATE, and PATCH still needs testing.
 */
export async function createItemsTable(server: TestServer): Promise<void> {
  await server.database.db.exec(`
    CREATE TABLE public.items (
      id bigint GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
      owner uuid NOT NULL DEFAULT auth.uid(),
      label text NOT NULL,
      qty integer NOT NULL DEFAULT 1,
      note text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    ALTER TABLE public.items ENABLE ROW LEVEL SECURITY;
    CREATE POLICY items_own ON public.items TO authenticated
      USING (owner = auth.uid()) WITH CHECK (owner = auth.uid());
    GRANT SELECT, INSERT, UPDATE, DELETE ON public.items TO authenticated;
  `);
}
