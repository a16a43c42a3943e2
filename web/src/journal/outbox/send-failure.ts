import { errorMessage, isNoAnswer } from '../../lib/error-message.ts';

/** What to do with an entry whose send failed. */
export type SendFailure =
  /** No answer, or one that may differ later (server busy, token expiring): keep and retry. */
  | { kind: 'retry'; offline: boolean }
  /** The server refused the entry itself; sending it again cannot help. */
  | { kind: 'refused'; reason: string };

/** ADR 035: another entry of the person already has this exact time. */
export const SAME_TIME_REASON =
  'Another entry already has exactly this time. Change the time, or discard this entry.';

/**
 * Sorts a failed send by what PostgREST's error says (supabase-js gives the
 * error, not the status). Codes of a request that may pass later: SQLSTATE
 * classes 08 (connection), 40 (serialization, deadlock), 53 (resources), 57
 * (shutdown), 58 (system); PGRST0xx (the database is unreachable); PGRST3xx
 * (the token: it is refreshed before the next send); no code at all (an
 * answer that is not PostgREST's, e.g. a proxy's 502). Anything else is the
 * server refusing this entry: a time in the future, a value out of range.
 */
export function sortSendFailure(error: unknown): SendFailure {
  if (isNoAnswer(error)) return { kind: 'retry', offline: true };
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || code === '' || /^(08|40|53|57|58|PGRST0|PGRST3)/.test(code)) {
    return { kind: 'retry', offline: false };
  }
  if (code === '23505') return { kind: 'refused', reason: SAME_TIME_REASON };
  const details = (error as { details?: unknown }).details;
  const reason = errorMessage(error);
  return {
    kind: 'refused',
    reason: typeof details === 'string' && details ? `${reason}: ${details}` : reason,
  };
}

const FIRST_RETRY_MS = 5_000;
const LONGEST_RETRY_MS = 5 * 60_000;

/** Back-off after `attempts` failed sends: 5 s, 10 s, 20 s, … up to 5 minutes. */
export const retryDelayMs = (attempts: number) =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
