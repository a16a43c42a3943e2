import type { SupabaseClient } from '@supabase/supabase-js';
import { createOwnQuestions } from '../api/create-own-questions.ts';
import type { ReadyEntry } from '../parse-import.ts';
import { withAnswers, type EntryWithAnswers } from './entry-with-answers.ts';
import { questionMatchKey } from './file-question.ts';
import type { OwnQuestion } from '../../../journal/own-questions.ts';
import type { OwnAnswersPlan } from './plan-own-answers.ts';

/**
 * After the person confirms an import: makes the questions the account
 * lacks, then gives each entry its answers by question id, as
 * import_entries takes them. `plan` was made from these entries and the
 * account's questions (planOwnAnswers) and has no problems.
 */
export async function readyToImport(
  supabase: SupabaseClient,
  entries: readonly ReadyEntry[],
  plan: OwnAnswersPlan,
  account: readonly OwnQuestion[],
): Promise<EntryWithAnswers[]> {
  const created = await createOwnQuestions(supabase, plan.newQuestions);
  const idOf = new Map(
    [...account, ...created].map((q) => [questionMatchKey(q.question), String(q.id)]),
  );
  return entries.map(({ line: _line, answers: _fileAnswers, ...entry }, index) => {
    const byKey = plan.answers[index] ?? {};
    const byId: Record<string, string> = {};
    for (const [key, answer] of Object.entries(byKey)) {
      const id = idOf.get(key);
      if (id === undefined) throw new Error(`The question of an answer was not made (${key})`);
      byId[id] = answer;
    }
    return withAnswers(entry, byId);
  });
}

/** Entries of a file that answers no own question (a Daylio export), as import_entries takes them. */
export function withoutFileAnswers(entries: readonly ReadyEntry[]): EntryWithAnswers[] {
  return entries.map(({ line: _line, answers: _fileAnswers, ...entry }) => entry);
}
