import { trimSpaces } from './answer-rules.ts';
import type { FileQuestion } from './file-question.ts';
import { ANSWER_TYPES, type AnswerType } from '../../../journal/own-questions.ts';

// One own question of a JSON export, checked by the rules the database
// keeps (check_own_question), so that a wrong one is named by its line
// before anything is written.

const codePoints = (text: string) => [...text].length;
// eslint-disable-next-line no-control-regex -- a question and its labels are one line: the database refuses these
const CONTROL = /[\u0001-\u001f\u007f-\u009f]/;

export type CheckedQuestion =
  { ok: true; question: FileQuestion } | { ok: false; problems: string[] };

function optionalText(
  o: Record<string, unknown>,
  field: string,
  max: number,
  problems: string[],
): string | null {
  const value = o[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || codePoints(trimSpaces(value)) > max || CONTROL.test(value)) {
    problems.push(`${field} must be a text of at most ${max} characters on one line`);
    return null;
  }
  return trimSpaces(value) || null;
}

function bound(o: Record<string, unknown>, field: string, problems: string[]): number | null {
  const value = o[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'number' || !Number.isFinite(value) || Math.abs(value) >= 1e15) {
    problems.push(`${field} must be a number between -1e15 and 1e15, or null`);
    return null;
  }
  return value;
}

export function checkFileQuestion(raw: unknown): CheckedQuestion {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return {
      ok: false,
      problems: ['this is not a question (an object with question, answer_type, …)'],
    };
  }
  const o = raw as Record<string, unknown>;
  const problems: string[] = [];
  const text = typeof o['question'] === 'string' ? trimSpaces(o['question']) : '';
  if (text === '') problems.push('question is empty');
  else if (codePoints(text) > 100) problems.push('question is longer than 100 characters');
  else if (CONTROL.test(text)) problems.push('question holds a line break or control character');
  const type = o['answer_type'];
  if (!ANSWER_TYPES.includes(type as AnswerType)) {
    problems.push(
      `answer_type ${JSON.stringify(type ?? null)} is not one of ${ANSWER_TYPES.join(', ')}`,
    );
  }
  const asked = o['asked'] ?? 'entry';
  if (asked !== 'entry' && asked !== 'day') {
    problems.push(`asked ${JSON.stringify(asked)} is not entry or day`);
  }
  const hidden = o['hidden'] ?? false;
  if (typeof hidden !== 'boolean') problems.push('hidden must be true or false');
  const isNumber = type === 'number';
  const isScale = type === 'scale';
  const lowest = isNumber ? bound(o, 'lowest', problems) : null;
  const highest = isNumber ? bound(o, 'highest', problems) : null;
  if (lowest !== null && highest !== null && lowest > highest) {
    problems.push('lowest must not be above highest');
  }
  const unit = isNumber ? optionalText(o, 'unit', 20, problems) : null;
  const label_1 = isScale ? optionalText(o, 'label_1', 40, problems) : null;
  const label_5 = isScale ? optionalText(o, 'label_5', 40, problems) : null;
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    question: {
      question: text,
      answer_type: type as AnswerType,
      unit,
      lowest,
      highest,
      label_1,
      label_5,
      asked: asked as 'entry' | 'day',
      hidden: hidden as boolean,
    },
  };
}
