import type { OwnAnswers, OwnQuestion } from './own-questions.ts';

// What a person types for their own questions, checked as own_answers.sql
// checks it, so a form says what to change before anything is sent (the
// database still refuses what gets past).

/** A decimal number as the database takes it: at most 15 digits before the point and 6 after. */
const NUMBER = /^-?[0-9]{1,15}(\.[0-9]{1,6})?$/;

/** What is wrong with `text` as an answer to `question`; undefined when nothing is. */
export function ownAnswerProblem(
  question: OwnQuestion,
  text: string | undefined,
): string | undefined {
  const answer = (text ?? '').trim();
  if (answer === '' || question.answer_type !== 'number') return undefined;
  const { lowest, highest } = question;
  const range =
    lowest !== null && highest !== null
      ? `from ${lowest} to ${highest}`
      : lowest !== null
        ? `of at least ${lowest}`
        : highest !== null
          ? `of at most ${highest}`
          : '';
  const amount = Number(answer);
  if (
    !NUMBER.test(answer) ||
    (lowest !== null && amount < lowest) ||
    (highest !== null && amount > highest)
  ) {
    return range ? `Enter a number ${range}` : 'Enter a number, such as 7 or 7.5';
  }
  return undefined;
}

/** Whether any answer of `values` would be refused. */
export function hasOwnAnswerProblem(
  questions: readonly OwnQuestion[],
  values: OwnAnswers,
): boolean {
  return questions.some(
    (question) => ownAnswerProblem(question, values[question.id]) !== undefined,
  );
}

/** The answers to send: each of `questions` answered, tidied; an unanswered one is left out. */
export function givenAnswers(questions: readonly OwnQuestion[], values: OwnAnswers): OwnAnswers {
  const given: Record<string, string> = {};
  for (const question of questions) {
    const answer = values[question.id]?.trim();
    if (answer) given[question.id] = answer;
  }
  return given;
}
