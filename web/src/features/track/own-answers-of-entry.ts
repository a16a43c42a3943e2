import { useAnswersOfDay } from '../../journal/day-answers.ts';
import { givenAnswers, hasOwnAnswerProblem } from '../../journal/own-answers.ts';
import { useOwnQuestions, type OwnAnswers, type OwnQuestion } from '../../journal/own-questions.ts';

/**
 * Track's own questions for a new entry (docs/decisions/084 and 093): the
 * questions not hidden; the answers to show, the entry's day's answers to
 * once-a-day questions under what the person has typed; whether one would
 * be refused; and what to send: every answer given, but a day's answer only
 * when it was changed.
 */
export function useOwnAnswersOfEntry(typed: OwnAnswers, at: Date | undefined) {
  const asked = (useOwnQuestions().data ?? []).filter((question) => question.active);
  const ofDay = useAnswersOfDay(
    at,
    asked.some((question) => question.asked === 'day'),
  );
  const dayAnswers = ofTheDay(asked, ofDay);
  const shown: OwnAnswers = { ...dayAnswers, ...typed };
  return {
    asked,
    dayAnswers,
    shown,
    problem: hasOwnAnswerProblem(asked, shown),
    toSend: (): OwnAnswers =>
      Object.fromEntries(
        Object.entries(givenAnswers(asked, shown)).filter(
          ([id, answer]) => dayAnswers[id] !== answer,
        ),
      ),
  };
}

/** The day's answers to the once-a-day questions among `questions`. */
function ofTheDay(questions: readonly OwnQuestion[], ofDay: OwnAnswers | undefined): OwnAnswers {
  const answers: Record<string, string> = {};
  for (const question of questions) {
    const answer = ofDay?.[question.id];
    if (question.asked === 'day' && answer !== undefined) answers[question.id] = answer;
  }
  return answers;
}
