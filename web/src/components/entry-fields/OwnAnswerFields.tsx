import type { ReactNode } from 'react';
import { ownAnswerProblem } from '../../journal/own-answers.ts';
import {
  TEXT_ANSWER_MAX_LENGTH,
  type OwnAnswers,
  type OwnQuestion,
} from '../../journal/own-questions.ts';

interface Props {
  /** Starts the controls' ids. */
  idPrefix: string;
  /** The questions to ask, in order. */
  questions: readonly OwnQuestion[];
  /** The answers as typed, question id to text; '' or absent: unanswered. */
  values: OwnAnswers;
  onChange: (answers: OwnAnswers) => void;
  /**
   * Track: today's answers to once-a-day questions, shown in their controls
   * (the form's `values` then hold them); a note says so.
   */
  dayAnswers?: OwnAnswers | undefined;
}

/**
 * The person's own questions (docs/decisions/084), one control each, in a
 * group named "Your questions", under the journal's fields. Every question
 * is optional: nothing is chosen or typed at first.
 */
export function OwnAnswerFields({ idPrefix, questions, values, onChange, dayAnswers }: Props) {
  if (questions.length === 0) return null;
  return (
    <fieldset className="flex min-w-0 flex-col gap-4">
      <legend className="field-label">Your questions</legend>
      {questions.map((question) => (
        <OwnAnswerField
          key={question.id}
          id={`${idPrefix}-own-${question.id}`}
          question={question}
          value={values[question.id] ?? ''}
          onChange={(answer) => onChange({ ...values, [question.id]: answer })}
          answeredToday={question.asked === 'day' && dayAnswers?.[question.id] !== undefined}
        />
      ))}
    </fieldset>
  );
}

interface FieldProps {
  id: string;
  question: OwnQuestion;
  value: string;
  onChange: (answer: string) => void;
  answeredToday: boolean;
}

const YES_NO = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
] as const;
const SCALE = ['1', '2', '3', '4', '5'].map((value) => ({ value, label: value }));

function OwnAnswerField({ id, question, value, onChange, answeredToday }: FieldProps) {
  const noteId = `${id}-note`;
  const note = answeredToday && (
    <p id={noteId} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
      Today’s answer. Change it if it has changed.
    </p>
  );
  const describedBy = answeredToday ? noteId : undefined;
  switch (question.answer_type) {
    case 'yes_no':
    case 'scale':
      return (
        <Choices
          id={id}
          question={question}
          choices={question.answer_type === 'yes_no' ? YES_NO : SCALE}
          value={value}
          onChange={onChange}
          describedBy={describedBy}
        >
          {note}
        </Choices>
      );
    case 'number':
      return (
        <NumberAnswer
          id={id}
          question={question}
          value={value}
          onChange={onChange}
          describedBy={describedBy}
        >
          {note}
        </NumberAnswer>
      );
    default:
      return (
        <div>
          <label htmlFor={id} className="field-label">
            {question.question}
          </label>
          <input
            id={id}
            type="text"
            className="text-input"
            maxLength={TEXT_ANSWER_MAX_LENGTH}
            autoComplete="off"
            value={value}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value)}
          />
          {note}
        </div>
      );
  }
}

interface ChoicesProps {
  id: string;
  question: OwnQuestion;
  choices: readonly { value: string; label: string }[];
  value: string;
  onChange: (answer: string) => void;
  describedBy: string | undefined;
  children: ReactNode;
}

/** Yes or no, or a scale: native radios (arrow keys move between them), and Clear once one is chosen. */
function Choices({ id, question, choices, value, onChange, describedBy, children }: ChoicesProps) {
  const labelId = `${id}-label`;
  const scale = question.answer_type === 'scale';
  const low = scale && question.label_1 ? `${id}-end-1` : undefined;
  const high = scale && question.label_5 ? `${id}-end-5` : undefined;
  const description = [low, high, describedBy].filter(Boolean).join(' ');
  return (
    <div>
      <span id={labelId} className="field-label">
        {question.question}
      </span>
      <div className="flex flex-wrap items-center gap-2">
        <div
          role="radiogroup"
          aria-labelledby={labelId}
          aria-describedby={description || undefined}
          className="flex flex-wrap gap-2"
        >
          {choices.map((choice) => (
            <label
              key={choice.value}
              className="flex min-h-11 min-w-11 cursor-pointer items-center justify-center gap-2 rounded-lg border border-slate-300 px-3 text-sm font-medium has-checked:border-violet-700 has-checked:bg-violet-100 has-checked:text-violet-900 has-focus-visible:outline-2 has-focus-visible:outline-violet-700 dark:border-slate-600 dark:has-checked:border-violet-400 dark:has-checked:bg-violet-900 dark:has-checked:text-violet-50"
            >
              <input
                type="radio"
                className="sr-only"
                name={id}
                value={choice.value}
                checked={value === choice.value}
                onChange={() => onChange(choice.value)}
              />
              {choice.label}
            </label>
          ))}
        </div>
        {value !== '' && (
          <button
            type="button"
            className="min-h-11 rounded-lg px-3 text-sm font-medium text-violet-800 underline underline-offset-2 hover:bg-violet-50 dark:text-violet-200 dark:hover:bg-violet-950"
            aria-label={`Clear ${question.question}`}
            onClick={() => onChange('')}
          >
            Clear
          </button>
        )}
      </div>
      {(low ?? high) && (
        <p className="mt-1 flex justify-between gap-4 text-xs text-slate-600 dark:text-slate-300">
          <span id={low}>{low && `1: ${question.label_1}`}</span>
          <span id={high} className="text-right">
            {high && `5: ${question.label_5}`}
          </span>
        </p>
      )}
      {children}
    </div>
  );
}

interface NumberProps {
  id: string;
  question: OwnQuestion;
  value: string;
  onChange: (answer: string) => void;
  describedBy: string | undefined;
  children: ReactNode;
}

/** A number, its unit beside it; a value outside the question's bounds is named with the range. */
function NumberAnswer({ id, question, value, onChange, describedBy, children }: NumberProps) {
  const problem = ownAnswerProblem(question, value);
  const problemId = `${id}-problem`;
  const unitId = `${id}-unit`;
  const description = [
    question.unit ? unitId : undefined,
    problem ? problemId : undefined,
    describedBy,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {question.question}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="number"
          inputMode="decimal"
          step="any"
          className="text-input min-w-0"
          min={question.lowest ?? undefined}
          max={question.highest ?? undefined}
          value={value}
          aria-invalid={problem !== undefined}
          aria-describedby={description || undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        {question.unit && (
          <span id={unitId} className="shrink-0 text-sm text-slate-700 dark:text-slate-200">
            {question.unit}
          </span>
        )}
      </div>
      {problem && (
        <p id={problemId} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
      {children}
    </div>
  );
}
