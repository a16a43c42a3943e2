// The save the web app sends (web/src/journal/save-entry.ts):
// supabase-js's upsert of the entry's answers on the entry's key, ignoring
// duplicates, so that a save sent again lands once (docs/decisions/035). The
// request is recorded from supabase-js itself, not written out by hand, so the
// bench sends what the app sends: the same query string, headers and body.
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import type { Account } from './account.ts';
import type { HttpRequest } from './load.ts';

/** The answers of one bench entry, by question text. */
const ANSWERS: Record<string, string> = {
  'Activity Description': 'Bench walk',
  'Energy Level': '72',
  'Engagement Level': '64',
  'Flow State': 'true',
  'Activity Notes': 'Measured by npm run bench',
};

/** The conflict target of the app's save: one row per question of one entry. */
const ENTRY_CONFLICT_TARGET = 'user_id,entry_key,question_id';

/** Stands for the entry's key in the recorded body; each request gets its own. */
const KEY_PLACEHOLDER = '00000000-0000-4000-8000-000000000000';

/** One entry's answers, a row per question, without its key. */
export function entryAnswers(account: Account) {
  return account.questions
    .filter((q) => ANSWERS[q.question] !== undefined)
    .map((q) => ({ user_id: account.userId, question_id: q.id, answer: ANSWERS[q.question] }));
}

export interface SaveRequest {
  url: string;
  init: HttpRequest;
}

/** The HTTP request of one app save to `url`; `init.eachBody` gives every send a new entry key. */
export async function appSaveRequest(url: string, account: Account): Promise<SaveRequest> {
  let recorded: { url: string; headers: Record<string, string>; body: string } | undefined;
  const client = createClient(url, account.anonKey, {
    accessToken: async () => account.accessToken,
    global: {
      fetch: async (input, init) => {
        recorded = {
          url: String(input instanceof Request ? input.url : input),
          headers: Object.fromEntries(new Headers(init?.headers).entries()),
          body: String(init?.body),
        };
        return new Response(null, { status: 201 });
      },
    },
  });
  const { error } = await client.from('user_answers').upsert(
    entryAnswers(account).map((row) => ({ ...row, entry_key: KEY_PLACEHOLDER })),
    {
      onConflict: ENTRY_CONFLICT_TARGET,
      ignoreDuplicates: true,
    },
  );
  if (error || !recorded) throw new Error(`recording the app's save failed: ${error?.message}`);
  const { body, headers } = recorded;
  return {
    url: recorded.url,
    init: {
      method: 'POST',
      headers,
      body,
      eachBody: () => body.replaceAll(KEY_PLACEHOLDER, randomUUID()),
    },
  };
}
