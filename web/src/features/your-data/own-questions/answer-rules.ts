import type { AnswerType } from '../../../journal/own-questions.ts';

// The rules own_answers (server/db/app/functions/own_answers.sql) keeps, so
// that an import names the line of a wrong answer before anything is
// written. The database checks them again.

/** Characters as the database counts them (char_length): an emoji is one. */
const codePoints = (text: string) => [...text].length;

/** PostgreSQL's btrim: spaces only, so a line separator at the edge stays. */
export const trimSpaces = (text: string) => text.replace(/^ +| +$/g, '');

const NUMBER = /^-?[0-9]{1,15}(\.[0-9]{1,6})?$/;

export interface AnswerRule {
  answer_type: AnswerType;
  lowest: number | null;
  highest: number | null;
}

export type CheckedAnswer = { ok: true; answer: string | null } | { ok: false; problem: string };

/**
 * One answer from a file as it is stored ('true'/'false', a number in
 * decimal, '1'..'5', a short text), or null when unanswered (an empty cell).
 * A yes or no may also be written yes/no, as the flow column may.
 */
export function checkAnswer(question: string, rule: AnswerRule, value: unknown): CheckedAnswer {
  if (value === undefined || value === null) return { ok: true, answer: null };
  const text =
    typeof value === 'string'
      ? trimSpaces(value)
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : undefined;
  const named = JSON.stringify(question);
  if (text === undefined) return { ok: false, problem: `the answer to ${named} is not a text` };
  if (text === '') return { ok: true, answer: null };
  switch (rule.answer_type) {
    case 'yes_no': {
      const lower = text.toLowerCase();
      if (lower === 'true' || lower === 'yes') return { ok: true, answer: 'true' };
      if (lower === 'false' || lower === 'no') return { ok: true, answer: 'false' };
      return { ok: false, problem: `${named} is answered yes or no, not ${JSON.stringify(text)}` };
    }
    case 'scale':
      return /^[1-5]$/.test(text)
        ? { ok: true, answer: text }
        : {
            ok: false,
            problem: `${named} is answered with a whole number from 1 to 5, not ${JSON.stringify(text)}`,
          };
    case 'number': {
      if (!NUMBER.test(text)) {
        return {
          ok: false,
          problem: `${named} is answered with a number, not ${JSON.stringify(text)}`,
        };
      }
      const amount = Number(text);
      const { lowest, highest } = rule;
      if ((lowest !== null && amount < lowest) || (highest !== null && amount > highest)) {
        const bounds =
          lowest !== null && highest !== null
            ? `from ${lowest} to ${highest}`
            : lowest !== null
              ? `at least ${lowest}`
              : `at most ${highest}`;
        return { ok: false, problem: `${named} must be ${bounds}, not ${text}` };
      }
      return { ok: true, answer: text };
    }
    default:
      return codePoints(text) <= 200
        ? { ok: true, answer: text }
        : { ok: false, problem: `the answer to ${named} is longer than 200 characters` };
  }
}
