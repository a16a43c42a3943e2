// The floor: the same work as one request, sent straight to the database from
// this process in a single round trip (one simple-protocol script holding the
// whole transaction), with no HTTP, JSON parsing of requests or token checks.
import pg from 'pg';
import type { Account } from './account.ts';
import { entryAnswers } from './app-save.ts';

const { escapeLiteral } = pg.Client.prototype;
const literal = (value: string) => escapeLiteral.call(null, value);

function claimsOf(account: Account): string {
  const payload = account.accessToken.split('.')[1] ?? '';
  return Buffer.from(payload, 'base64url').toString('utf8');
}

function transaction(account: Account, body: string, readOnly: boolean): string {
  return [
    readOnly ? 'BEGIN READ ONLY' : 'BEGIN',
    'SET LOCAL ROLE authenticated',
    `SELECT set_config('request.jwt.claims', ${literal(claimsOf(account))}, true)`,
    body,
    'COMMIT',
  ].join('; ');
}

/**
 * The app's save (app-save.ts): the entry's rows under one key made for each
 * send, kept once however often the key is sent.
 */
export function saveScript(account: Account): string {
  const rows = JSON.stringify(entryAnswers(account));
  return transaction(
    account,
    'INSERT INTO public.user_answers (user_id, question_id, answer, entry_key) ' +
      'SELECT r.user_id, r.question_id, r.answer, k.entry_key ' +
      `FROM json_to_recordset(${literal(rows)}::json) ` +
      'AS r(user_id uuid, question_id bigint, answer text) ' +
      'CROSS JOIN (SELECT gen_random_uuid() AS entry_key) k ' +
      'ON CONFLICT (user_id, entry_key, question_id) DO NOTHING',
    false,
  );
}

export function historyScript(account: Account, filtered: boolean): string {
  const filter = filtered ? ' AND energy >= 50 AND flow_state = true' : '';
  return transaction(
    account,
    "SELECT coalesce(json_agg(t), '[]')::text AS body FROM (" +
      'SELECT created_at, activity, energy, engagement, flow_state, notes FROM public.activities ' +
      `WHERE user_id = ${literal(account.userId)}${filter} ORDER BY created_at DESC LIMIT 50) t`,
    true,
  );
}
