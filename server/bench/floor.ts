// The floor: the same work as one request, sent straight to the database from
// this process in a single round trip (one simple-protocol script holding the
// whole transaction), with no HTTP, JSON parsing of requests or token checks.
import pg from 'pg';
import type { Account } from './account.ts';

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

export function saveScript(account: Account, saveBody: string): string {
  return transaction(
    account,
    'INSERT INTO public.user_answers (user_id, question_id, answer) ' +
      `SELECT user_id, question_id, answer FROM json_to_recordset(${literal(saveBody)}::json) ` +
      'AS r(user_id uuid, question_id bigint, answer text)',
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
