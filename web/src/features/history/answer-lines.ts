import type { DayAnswersByDay } from '../../journal/day-answers.ts';
import type { OwnAnswers, OwnQuestion } from '../../journal/own-questions.ts';
import { todayText } from '../../lib/calendar-days.ts';

/** One answer as Look Back shows it: "Hours slept: 7 h". */
export interface AnswerLine {
  questionId: number;
  text: string;
}

/** An answer in words: Yes or No, a number with its unit, a scale's step, a text as written. */
export function answerText(question: OwnQuestion, answer: string): string {
  switch (question.answer_type) {
    case 'yes_no':
      return answer === 'true' ? 'Yes' : 'No';
    case 'number':
      return question.unit ? `${answer} ${question.unit}` : answer;
    default:
      return answer;
  }
}

/**
 * An entry's answers to the person's questions, in the order the questions
 * were made: its own, then the day's answer to each once-a-day question it
 * did not answer itself (docs/decisions/093). Hidden questions keep their
 * answers here.
 */
export function answerLines(
  questions: readonly OwnQuestion[],
  answers: OwnAnswers | undefined,
  createdAt: string | undefined,
  dayAnswers?: DayAnswersByDay | undefined,
): AnswerLine[] {
  const ofDay = createdAt ? dayAnswers?.get(todayText(new Date(createdAt))) : undefined;
  return questions.flatMap((question) => {
    const answer =
      answers?.[question.id] ?? (question.asked === 'day' ? ofDay?.[question.id] : undefined);
    if (answer === undefined) return [];
    return [
      { questionId: question.id, text: `${question.question}: ${answerText(question, answer)}` },
    ];
  });
}
