// A person's own questions (docs/decisions/084) as an export carries them
// and an import reads them (docs/decisions/100): by their text, never their
// id, which means nothing in another account or database.

import type { AnswerType, Asked, OwnQuestion } from '../../../journal/own-questions.ts';

/** One own question as the JSON export lists it. */
export interface FileQuestion {
  question: string;
  answer_type: AnswerType;
  unit: string | null;
  lowest: number | null;
  highest: number | null;
  label_1: string | null;
  label_5: string | null;
  asked: Asked;
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

export function fileQuestionOf(row: OwnQuestion): FileQuestion {
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
