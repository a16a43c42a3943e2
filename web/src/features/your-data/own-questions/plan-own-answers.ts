import type { ImportProblem } from '../parse-import.ts';
import { checkAnswer, trimSpaces, type AnswerRule } from './answer-rules.ts';
import { checkFileQuestion } from './check-file-question.ts';
import { questionMatchKey, type FileQuestion, type QuestionSource } from './file-question.ts';
import {
  SHOWN_QUESTIONS_MAX,
  type AnswerType,
  type OwnQuestion,
} from '../../../journal/own-questions.ts';

// What importing a file does to the person's own questions
// (docs/decisions/100): each question of the file is one the account has
// (same text, ignoring case and surrounding spaces) or one to make, and
// every answer is checked against the question it will be stored under.
// Any problem here stops the whole import: an entry must not land without
// the answers the file gave it, nor a question without its answers.

/** An entry's answers as the file gives them, by the file's question text. */
export interface EntryAnswers {
  line: number;
  answers?: Record<string, unknown> | undefined;
}

export interface OwnAnswersPlan {
  /** Questions to make before the entries are imported, in the file's order. */
  newQuestions: FileQuestion[];
  /** Per entry (same order as given): its answers as stored, by question match key. */
  answers: Array<Record<string, string>>;
  problems: ImportProblem[];
}

const YES_NO = /^(true|false|yes|no)$/i;
const NUMBER = /^-?[0-9]{1,15}(\.[0-9]{1,6})?$/;

/** A CSV column's type when the account lacks its question: from the answers it holds. */
function inferredType(values: string[]): AnswerType {
  if (values.length === 0) return 'text';
  if (values.every((v) => YES_NO.test(v))) return 'yes_no';
  if (values.every((v) => NUMBER.test(v))) return 'number';
  return 'text';
}

export function planOwnAnswers(
  sources: readonly QuestionSource[],
  entries: readonly EntryAnswers[],
  account: readonly OwnQuestion[],
): OwnAnswersPlan {
  const problems: ImportProblem[] = [];
  const accountByKey = new Map(account.map((q) => [questionMatchKey(q.question), q]));
  // Every question the file names, in order: listed ones first, then any an
  // answer names that the list does not.
  const named = new Map<string, QuestionSource>();
  for (const source of sources) {
    const key = questionMatchKey(source.text);
    if (named.has(key)) {
      problems.push({
        line: source.line,
        message: `the question ${JSON.stringify(trimSpaces(source.text))} is there twice`,
      });
    } else named.set(key, source);
  }
  for (const entry of entries) {
    for (const text of Object.keys(entry.answers ?? {})) {
      const key = questionMatchKey(text);
      if (!named.has(key)) named.set(key, { text, line: entry.line });
    }
  }

  const rules = new Map<string, { text: string; rule: AnswerRule }>();
  const newQuestions: FileQuestion[] = [];
  let firstNewShownLine: number | undefined;
  for (const [key, source] of named) {
    const existing = accountByKey.get(key);
    if (existing) {
      rules.set(key, { text: existing.question, rule: existing });
      continue;
    }
    const values = entries.flatMap((e) => {
      const value = Object.entries(e.answers ?? {}).find(([t]) => questionMatchKey(t) === key)?.[1];
      const text = typeof value === 'string' ? trimSpaces(value) : value;
      return text === undefined || text === null || text === '' ? [] : [String(text)];
    });
    const candidate = source.declared ?? {
      question: source.text,
      answer_type: inferredType(values),
      asked: 'entry',
    };
    const checked = checkFileQuestion(candidate);
    if (!checked.ok) {
      const named = JSON.stringify(source.text);
      for (const message of checked.problems) {
        problems.push({ line: source.line, message: `question ${named}: ${message}` });
      }
      continue;
    }
    newQuestions.push(checked.question);
    rules.set(key, { text: checked.question.question, rule: checked.question });
    if (!checked.question.hidden) firstNewShownLine ??= source.line;
  }

  const shown = account.filter((q) => q.active).length;
  const adding = newQuestions.filter((q) => !q.hidden).length;
  if (firstNewShownLine !== undefined && shown + adding > SHOWN_QUESTIONS_MAX) {
    problems.push({
      line: firstNewShownLine,
      message:
        `the file adds ${adding} questions that are not hidden to the ${shown} you have; ` +
        `you can have at most ${SHOWN_QUESTIONS_MAX}. Hide some under Your questions and import again`,
    });
  }

  const answers = entries.map((entry) => {
    const stored: Record<string, string> = {};
    for (const [text, value] of Object.entries(entry.answers ?? {})) {
      const key = questionMatchKey(text);
      const resolved = rules.get(key);
      if (!resolved) continue; // its question has a problem of its own, named above
      const checked = checkAnswer(resolved.text, resolved.rule, value);
      if (!checked.ok) problems.push({ line: entry.line, message: checked.problem });
      else if (checked.answer !== null) stored[key] = checked.answer;
    }
    return stored;
  });
  problems.sort((a, b) => a.line - b.line);
  return { newQuestions, answers, problems };
}
