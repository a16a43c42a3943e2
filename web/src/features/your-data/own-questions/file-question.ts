// A person's own questions (docs/decisions/084) as an export carries them
// and an import reads them (docs/decisions/100): by their text, never their
// id, which means nothing in another account or database.

export const ANSWER_TYPES = ['yes_no', 'number', 'scale', 'text'] as const;
export type AnswerType = (typeof ANSWER_TYPES)[number];

/** One own question as the JSON export lists it. */
export interface FileQuestion {
  question: string;
  answer_type: AnswerType;
  unit: string | null;
  lowest: number | null;
  highest: number | null;
  label_1: string | null;
  label_5: string | null;
  asked: 'entry' | 'day';
  /** Hidden (`active = false` in the database): no longer asked, its answers kept. */
  hidden: boolean;
}

/** A question a file names: declared in a JSON export's list, or a CSV column's header. */
export interface QuestionSource {
  text: string;
  /** The file line that names it (the list element, or the CSV header). */
  line: number;
  /** As the JSON export lists it; absent for a CSV column. */
  declared?: FileQuestion | undefined;
}

/** A row of `questions` owned by the signed-in person. */
export interface OwnQuestionRow extends Omit<FileQuestion, 'hidden'> {
  id: number;
  active: boolean;
}

export const OWN_QUESTION_COLUMNS =
  'id, question, answer_type, unit, lowest, highest, label_1, label_5, asked, active';

/** At most this many questions a person that are not hidden (check_own_question). */
export const MAX_SHOWN_QUESTIONS = 20;

export function fileQuestionOf(row: OwnQuestionRow): FileQuestion {
  const { question, answer_type, unit, lowest, highest, label_1, label_5, asked } = row;
  return {
    question,
    answer_type,
    unit,
    lowest,
    highest,
    label_1,
    label_5,
    asked,
    hidden: !row.active,
  };
}

/** How the database tells two texts of one person apart: ignoring case and surrounding spaces. */
export function questionMatchKey(text: string): string {
  return text.replace(/^ +| +$/g, '').toLowerCase();
}
