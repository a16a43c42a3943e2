import type { SupabaseClient } from '@supabase/supabase-js';
import { useSignedInQuery } from '../session/signed-in-query.ts';
import { ownQuestionsQueryKey } from './query-keys.ts';

// A person's own questions (docs/decisions/084): rows of `questions` they
// own, on the page 'own_questions'. The database checks and tidies them
// (check_own_question) and their answers (own_answers); the app defines
// them in Profile, asks them on Track and shows their answers in Look Back.

/** The answer types, as answer_type stores them. */
export const ANSWER_TYPES = ['yes_no', 'number', 'scale', 'text'] as const;
export type AnswerType = (typeof ANSWER_TYPES)[number];

/** 'entry': with every entry; 'day': once a day (the day's latest answer counts). */
export type Asked = 'entry' | 'day';

export interface OwnQuestion {
  id: number;
  question: string;
  answer_type: AnswerType;
  /** A number's unit, shown beside it ('h'); null for none and for other types. */
  unit: string | null;
  /** A number's bounds, each optional. */
  lowest: number | null;
  highest: number | null;
  /** A scale's end labels, each optional. */
  label_1: string | null;
  label_5: string | null;
  asked: Asked;
  /** false: hidden, no longer asked; its answers stay. */
  active: boolean;
}

/**
 * Answers to own questions, question id to the answer's text as stored:
 * 'true'/'false', a decimal number, '1' to '5', or a short text. A question
 * left unanswered has no key.
 */
export type OwnAnswers = Readonly<Record<string, string>>;

/** The longest short-text answer (own_answers.sql). */
export const TEXT_ANSWER_MAX_LENGTH = 200;

/** The longest question (check_own_question.sql). */
export const QUESTION_MAX_LENGTH = 100;

/** At most this many questions that are not hidden (check_own_question.sql). */
export const SHOWN_QUESTIONS_MAX = 20;

export const OWN_QUESTION_COLUMNS =
  'id, question, answer_type, unit, lowest, highest, label_1, label_5, asked, active';

/** Every question of the person, hidden ones too, in the order they were made. */
export async function fetchOwnQuestions(supabase: SupabaseClient): Promise<OwnQuestion[]> {
  const { data, error } = await supabase
    .from('questions')
    .select(OWN_QUESTION_COLUMNS)
    .not('owner_id', 'is', null)
    .order('created_at')
    .order('id')
    .returns<OwnQuestion[]>();
  if (error) throw error;
  return data;
}

/** The person's questions, hidden ones too (hidden ones keep their answers in Look Back). */
export function useOwnQuestions() {
  return useSignedInQuery(ownQuestionsQueryKey, fetchOwnQuestions);
}
