import type { Queryable } from '../db/database.ts';

// What a backup holds: the rows nobody could make again. Everything else is
// either made by the migrations (pages, the built-in questions), derived from these rows
// by triggers (activity_entries), or short-lived (sessions, refresh tokens,
// e-mail links, flows, rate-limit counters), so a restored server starts with
// everyone signed out. test/backup/tables-covered.test.ts fails when a
// migration adds a table that is in neither list, so that each new table is a
// decision.

export interface BackedUpTable {
  /** Schema-qualified, as written in the file. */
  name: string;
  /** Unique and ordered: the file is read in pages along it. */
  key: string;
  /**
   * Answers name their question by page and text instead of its id: ids are
   * given out by the migrations' seed and may differ between databases. A
   * person's own question is found by its text among that person's
   * (docs/decisions/084): two people may both ask "Hours slept".
   */
  questionByText?: true;
  /** Only the rows this condition on the table's row `t` holds for. */
  where?: string;
  /** Columns the database fills in itself on restore. */
  omit?: string[];
}

/** In restore order: a row's references come before it. */
export const BACKED_UP_TABLES: BackedUpTable[] = [
  { name: 'auth.users', key: 'id' },
  { name: 'auth.identities', key: 'id' },
  // Two-step sign-in stays on after a restore: losing it would quietly lower
  // every protected account to a password.
  { name: 'auth.mfa_factors', key: 'id' },
  { name: 'auth.mfa_recovery_codes', key: 'id' },
  // People's own questions (ADR 084), before the answers that name them. The
  // built-in ones are the migrations'; the page of an own question is always
  // 'own_questions', which its check (check_own_question) sets on restore.
  {
    name: 'public.questions',
    key: 'id',
    where: 't.owner_id IS NOT NULL',
    omit: ['page_id'],
  },
  { name: 'public.user_answers', key: 'id', questionByText: true },
  // What a person chose to be reminded of, and where.
  { name: 'public.reminder_settings', key: 'user_id' },
  // A person's weekly reflections and experiments (ADR 071).
  { name: 'public.weekly_reviews', key: 'id' },
];

/** Tables deliberately left out, and why (see above). */
export const NOT_BACKED_UP: Record<string, string> = {
  'auth.sessions': 'sign-ins end with a restore',
  'auth.refresh_tokens': 'sign-ins end with a restore',
  'auth.mfa_amr_claims': 'belongs to sessions',
  'auth.mfa_challenges': 'a code is asked for again at the next sign-in',
  'auth.flow_state': 'sign-in flows in progress last minutes',
  'auth.one_time_tokens': 'e-mail links are sent again on request',
  'auth.rate_limits': 'counters of the last minutes',
  'public.pages': 'made by the migrations',
  'public.activity_entries': 'derived from user_answers by triggers',
  'journal_private.account_usage': 'counted from user_answers by triggers (the quota)',
  'journal_private.reminder_sends':
    'which reminders of the last two days were sent; older ones are never sent again anyway',
  'journal_private.reminder_tests': 'when the last test reminder went out (one a minute)',
  'public.push_subscriptions': 'belong to a browser, which subscribes again (ADR 043)',
  'journal_private.push_sends': 'which reminders of the last two days each browser got',
  'journal_private.push_failures_kept':
    "a removed device's failed sends for a week; the subscriptions they belong to are not backed up either (ADR 090)",
  'et_meta.schema_migrations': 'written by the migrations themselves',
  'et_meta.applied_set': 'written by the migrations themselves (ADR 094)',
};

const QUESTION_ID = 'question_id';

/**
 * The columns a backup carries for a table: every stored column except
 * generated ones (computed again) and identities the database always assigns
 * (an answer's id means nothing outside its database). Read from the
 * catalogue, so a column a migration adds is backed up without a change here.
 */
export async function backedUpColumns(db: Queryable, table: BackedUpTable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT a.attname AS name
     FROM pg_attribute a
     WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped
       AND a.attgenerated = '' AND a.attidentity <> 'a'
     ORDER BY a.attnum`,
    [table.name],
  );
  return rows
    .map((r) => r.name)
    .filter((c) => !(table.questionByText && c === QUESTION_ID) && !table.omit?.includes(c));
}

/** The field of an answer row in the file that names its question. */
export const QUESTION_FIELD = 'question';

export interface QuestionName {
  page: string;
  text: string;
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
