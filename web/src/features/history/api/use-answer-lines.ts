import { useCallback } from 'react';
import { useDayAnswers } from '../../../journal/day-answers.ts';
import { useOwnQuestions, type OwnAnswers } from '../../../journal/own-questions.ts';
import { todayText } from '../../../lib/calendar-days.ts';
import { answerLines, type AnswerLine } from '../answer-lines.ts';

/** The entries' answers as Look Back shows them: an entry's own, and its day's once-a-day ones. */
export type LinesOf = (
  answers: OwnAnswers | undefined,
  createdAt: string | undefined,
) => AnswerLine[];

/**
 * The lines of each entry among `shown` (newest first); the day's answers
 * are read for the local days they span, and only when the person has a
 * once-a-day question.
 */
export function useAnswerLines(shown: readonly { created_at: string }[]): LinesOf {
  const questions = useOwnQuestions().data;
  const newest = shown[0]?.created_at;
  const oldest = shown.at(-1)?.created_at;
  const daily = questions?.some((question) => question.asked === 'day') ?? false;
  const days = useDayAnswers(
    oldest ? todayText(new Date(oldest)) : '',
    newest ? todayText(new Date(newest)) : '',
    daily,
  ).data;
  return useCallback(
    (answers, createdAt) => answerLines(questions ?? [], answers, createdAt, days),
    [questions, days],
  );
}
