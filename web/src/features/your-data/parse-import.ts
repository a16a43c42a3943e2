import { parseCsv } from './csv.ts';
import type { ExportedEntry } from '../../journal/entry-row.ts';
import { JSON_EXPORT_VERSION } from './entry.ts';
import { jsonErrorOffset } from './json-error-position.ts';
import { undoInertPrefix } from './spreadsheet-safe.ts';
import { checkEntry, type RawEntry } from './validate-entry.ts';
import { checkReview } from './validate-review.ts';
import type { WeeklyReviewRow } from '../../journal/weekly-review-row.ts';
import { checkFileQuestion } from './own-questions/check-file-question.ts';
import type { QuestionSource } from './own-questions/file-question.ts';

export interface ImportProblem {
  /** The line of the file, counting from 1. */
  line: number;
  message: string;
}

export interface ReadyEntry extends ExportedEntry {
  line: number;
  /**
   * Answers to the person's own questions as the file gives them, by the
   * file's question text (docs/decisions/100); checked against their
   * questions by planOwnAnswers.
   */
  answers?: Record<string, unknown>;
}

export interface ImportCheck {
  format: 'csv' | 'json';
  entries: ReadyEntry[];
  /** A JSON export's weekly reviews (docs/decisions/071); none in a CSV. */
  reviews: WeeklyReviewRow[];
  /** The own questions the file names: a JSON export's list, a CSV's extra columns. */
  questions: QuestionSource[];
  problems: ImportProblem[];
}

/** `line 7: energy "abc" is not a number from 0 to 100` */
export function problemText(problem: ImportProblem): string {
  return `line ${problem.line}: ${problem.message}`;
}

/** Checks a whole file in either export format (told apart by its first character). */
export function checkImportFile(text: string, now: Date = new Date()): ImportCheck {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const first = body.trimStart()[0];
  return first === '{' || first === '['
    ? { format: 'json', ...checkJson(body, now) }
    : { format: 'csv', reviews: [], ...checkCsv(body, now) };
}

type Checked = Pick<ImportCheck, 'entries' | 'problems'>;

interface RawLine {
  line: number;
  raw: RawEntry | null;
  answers?: Record<string, unknown> | undefined;
  answersProblem?: string | undefined;
}

function collect(raws: RawLine[], now: Date): Checked {
  const entries: ReadyEntry[] = [];
  const problems: ImportProblem[] = [];
  for (const { line, raw, answers = {}, answersProblem } of raws) {
    if (raw === null) {
      problems.push({ line, message: 'this is not an entry (an object with date, activity, …)' });
      continue;
    }
    const checked = checkEntry(raw, now);
    if (answersProblem) problems.push({ line, message: answersProblem });
    if (checked.ok && !answersProblem) {
      // No answers: the entry is what it always was.
      entries.push(
        Object.keys(answers).length > 0
          ? { ...checked.entry, line, answers }
          : { ...checked.entry, line },
      );
    } else if (!checked.ok)
      for (const message of checked.problems) problems.push({ line, message });
  }
  return { entries, problems };
}

// Header names as people write them: any case, spaces for underscores.
const COLUMN_NAMES: Record<string, keyof RawEntry> = {
  date: 'date',
  created_at: 'date',
  time: 'date',
  activity: 'activity',
  energy: 'energy',
  engagement: 'engagement',
  flow_state: 'flow_state',
  flow: 'flow_state',
  notes: 'notes',
  tags: 'tags',
};
const REQUIRED: Array<keyof RawEntry> = ['date', 'activity', 'energy', 'engagement'];

type CheckedCsv = Checked & Pick<ImportCheck, 'questions'>;

function checkCsv(text: string, now: Date): CheckedCsv {
  const { records, unclosedQuoteLine } = parseCsv(text);
  const problems: ImportProblem[] = [];
  const [header, ...rows] = records;
  if (!header) {
    return { entries: [], questions: [], problems: [{ line: 1, message: 'the file is empty' }] };
  }

  // A header names an entry's column the first time; any other header is
  // one of the person's own questions (docs/decisions/100), so a question
  // called "Notes" after the notes column is still a question.
  const columnOf = new Map<keyof RawEntry, number>();
  const questionColumns: Array<{ text: string; index: number }> = [];
  header.fields.forEach((name, index) => {
    const key = COLUMN_NAMES[name.trim().toLowerCase().replace(/\s+/g, '_')];
    if (key && !columnOf.has(key)) columnOf.set(key, index);
    else if (name.trim() !== '') questionColumns.push({ text: undoInertPrefix(name), index });
  });
  const missing = REQUIRED.filter((key) => !columnOf.has(key));
  if (missing.length > 0) {
    const names = missing.map((name) => `"${name}"`).join(', ');
    return {
      entries: [],
      questions: [],
      problems: [{ line: header.line, message: `the header has no ${names} column` }],
    };
  }

  const cell = (fields: string[], key: keyof RawEntry, inert: boolean) => {
    const index = columnOf.get(key);
    if (index === undefined) return undefined;
    const value = fields[index] ?? '';
    return inert ? undoInertPrefix(value) : value;
  };
  const checked = collect(
    rows.map(({ line, fields }) => ({
      line,
      raw: {
        date: cell(fields, 'date', false)?.trim(),
        activity: cell(fields, 'activity', true),
        energy: cell(fields, 'energy', false),
        engagement: cell(fields, 'engagement', false),
        flow_state: cell(fields, 'flow_state', false),
        notes: cell(fields, 'notes', true),
        tags: cell(fields, 'tags', true),
      },
      answers: Object.fromEntries(
        questionColumns
          .filter(({ index }) => (fields[index] ?? '') !== '')
          .map(({ text, index }) => [text, undoInertPrefix(fields[index] ?? '')]),
      ),
    })),
    now,
  );
  if (unclosedQuoteLine !== undefined) {
    checked.problems.push({
      line: unclosedQuoteLine,
      message: 'a quoted field starts here and is never closed',
    });
  }
  return {
    entries: checked.entries,
    questions: questionColumns.map(({ text }) => ({ text, line: header.line })),
    problems: [...problems, ...checked.problems],
  };
}

/** The line each element of the entries array starts on (the top-level array, or `entries`). */
function entryLines(text: string): number[] {
  const lines: number[] = [];
  const open: string[] = [];
  let line = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\n') line++;
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') {
      const inEntries =
        open.at(-1) === '[' && (open.length === 1 || (open.length === 2 && open[0] === '{'));
      if (inEntries) lines.push(line);
      open.push(ch);
    } else if (ch === '}' || ch === ']') open.pop();
    else if (open.at(-1) === '[' && open.length <= 2 && /[^\s,]/.test(ch ?? '')) {
      // A scalar element (a wrong entry): its line, once.
      lines.push(line);
      while (i + 1 < text.length && !/[,\]\s]/.test(text[i + 1] ?? '')) i++;
    }
  }
  return lines;
}

function jsonSyntaxLine(text: string): number {
  const offset = jsonErrorOffset(text) ?? 0;
  return text.slice(0, offset).split('\n').length;
}

type CheckedJson = Checked & Pick<ImportCheck, 'reviews' | 'questions'>;

function checkJson(text: string, now: Date): CheckedJson {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return {
      entries: [],
      reviews: [],
      questions: [],
      problems: [{ line: jsonSyntaxLine(text), message: 'the file is not valid JSON here' }],
    };
  }
  let list: unknown;
  let reviews: unknown;
  let questions: unknown;
  if (Array.isArray(data)) list = data;
  else if (typeof data === 'object' && data !== null) {
    const { version, entries } = data as { version?: unknown; entries?: unknown };
    if (typeof version === 'number' && version > JSON_EXPORT_VERSION) {
      return {
        entries: [],
        reviews: [],
        questions: [],
        problems: [{ line: 1, message: `version ${version} is newer than this app reads` }],
      };
    }
    list = entries;
    reviews = (data as { reviews?: unknown }).reviews;
    questions = (data as { questions?: unknown }).questions;
  }
  if (!Array.isArray(list)) {
    return {
      entries: [],
      reviews: [],
      questions: [],
      problems: [{ line: 1, message: 'the file has no "entries" list' }],
    };
  }
  // Every element of the file's lists, in order: the entries, the reviews,
  // then the questions.
  const lines = entryLines(text);
  const checked = checkEntries(lines, list, now);
  const checkedReviews = checkReviews(lines.slice(list.length), reviews);
  const reviewCount = Array.isArray(reviews) ? reviews.length : 0;
  const checkedQuestions = checkQuestions(lines.slice(list.length + reviewCount), questions);
  return {
    entries: checked.entries,
    reviews: checkedReviews.reviews,
    questions: checkedQuestions.questions,
    problems: [...checked.problems, ...checkedReviews.problems, ...checkedQuestions.problems],
  };
}

/** The export's own questions (docs/decisions/100), each named by its line when wrong. */
function checkQuestions(
  lines: number[],
  list: unknown,
): Pick<CheckedJson, 'questions' | 'problems'> {
  if (list === undefined || list === null) return { questions: [], problems: [] };
  if (!Array.isArray(list)) {
    return {
      questions: [],
      problems: [{ line: 1, message: '"questions" is not a list of questions' }],
    };
  }
  const questions: QuestionSource[] = [];
  const problems: ImportProblem[] = [];
  list.forEach((raw: unknown, index) => {
    const line = lines[index] ?? 1;
    const checked = checkFileQuestion(raw);
    if (checked.ok)
      questions.push({ text: checked.question.question, line, declared: checked.question });
    else
      for (const message of checked.problems)
        problems.push({ line, message: `question: ${message}` });
  });
  return { questions, problems };
}

/** The export's `reviews` (docs/decisions/071), each named by its line when wrong. */
function checkReviews(lines: number[], list: unknown): Pick<CheckedJson, 'reviews' | 'problems'> {
  if (list === undefined || list === null) return { reviews: [], problems: [] };
  if (!Array.isArray(list)) {
    return {
      reviews: [],
      problems: [{ line: 1, message: '"reviews" is not a list of weekly reviews' }],
    };
  }
  const reviews: WeeklyReviewRow[] = [];
  const problems: ImportProblem[] = [];
  list.forEach((raw: unknown, index) => {
    const checked = checkReview(raw);
    if (checked.ok) reviews.push(checked.review);
    else {
      const line = lines[index] ?? 1;
      for (const message of checked.problems)
        problems.push({ line, message: `review: ${message}` });
    }
  });
  return { reviews, problems };
}

function checkEntries(lines: number[], list: unknown[], now: Date): Checked {
  return collect(
    list.map((item: unknown, index) => {
      const line = lines[index] ?? 1;
      if (typeof item !== 'object' || item === null || Array.isArray(item)) {
        return { line, raw: null };
      }
      const o = item as Record<string, unknown>;
      const answers = o['answers'];
      const answersOk =
        answers === undefined ||
        answers === null ||
        (typeof answers === 'object' && !Array.isArray(answers));
      return {
        line,
        answers: answersOk ? ((answers ?? {}) as Record<string, unknown>) : undefined,
        answersProblem: answersOk
          ? undefined
          : 'answers is not an object of question texts to answers',
        raw: {
          date: o['date'] ?? o['created_at'],
          activity: o['activity'],
          energy: o['energy'],
          engagement: o['engagement'],
          flow_state: o['flow_state'],
          notes: o['notes'],
          tags: o['tags'],
        },
      };
    }),
    now,
  );
}
