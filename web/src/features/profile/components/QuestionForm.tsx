import { useId, useState, type FormEvent } from 'react';
import { MessageBox } from '../../../components/MessageBox.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import type { AnswerType, Asked, OwnQuestion } from '../../../journal/own-questions.ts';
import {
  refusalText,
  useHasAnswers,
  useSaveQuestion,
  type QuestionFields,
} from '../api/own-questions.ts';

const ANSWER_TYPES: readonly { value: AnswerType; label: string }[] = [
  { value: 'yes_no', label: 'Yes or no' },
  { value: 'number', label: 'Number' },
  { value: 'scale', label: 'Scale 1 to 5' },
  { value: 'text', label: 'Short text' },
];

const ASKED: readonly { value: Asked; label: string }[] = [
  { value: 'entry', label: 'With every entry' },
  { value: 'day', label: 'Once a day' },
];

/** Why the type is locked (the database says the same when asked to change it). */
export const TYPE_LOCKED =
  'The answer type cannot change once the question has answers. To answer it another way, hide it and add a new question.';

/** The form's fields as typed. */
interface Draft {
  question: string;
  answerType: AnswerType;
  unit: string;
  lowest: string;
  highest: string;
  label1: string;
  label5: string;
  asked: Asked;
}

function draftOf(question: OwnQuestion | undefined): Draft {
  return {
    question: question?.question ?? '',
    answerType: question?.answer_type ?? 'yes_no',
    unit: question?.unit ?? '',
    lowest: question?.lowest?.toString() ?? '',
    highest: question?.highest?.toString() ?? '',
    label1: question?.label_1 ?? '',
    label5: question?.label_5 ?? '',
    asked: question?.asked ?? 'entry',
  };
}

/** A bound as typed: blank is none. */
const bound = (text: string) => (text.trim() === '' ? null : Number(text));

/** What is sent; the database drops what belongs to another type and tidies the rest. */
function fieldsOf(draft: Draft): QuestionFields {
  return {
    question: draft.question,
    answer_type: draft.answerType,
    unit: draft.unit,
    lowest: bound(draft.lowest),
    highest: bound(draft.highest),
    label_1: draft.label1,
    label_5: draft.label5,
    asked: draft.asked,
  };
}

interface Props {
  /** The question to change; absent: a new one. */
  question?: OwnQuestion | undefined;
  /** Saved (`true`) or cancelled. */
  onClose: (saved: boolean) => void;
}

/**
 * Adds or changes one of the person's questions (docs/product.md, Profile).
 * The database checks it whole and refuses with a message that says what
 * to change, shown here; a refused question changes nothing.
 */
export function QuestionForm({ question, onClose }: Props) {
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(question));
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveQuestion();
  const answered = useHasAnswers(question?.id).data === true;
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    setFailure(null);
    try {
      await save.mutateAsync({ id: question?.id, fields: fieldsOf(draft) });
      onClose(true);
    } catch (error) {
      setFailure(refusalText(error));
    }
  }

  const title = question ? `Edit “${question.question}”` : 'Add a question';
  return (
    <form
      className="flex flex-col gap-4 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
      aria-label={title}
      onSubmit={(event) => void submit(event)}
    >
      <TextField
        id={`${id}-question`}
        label="Question"
        autoComplete="off"
        // The button that opened the form gives way to it: the keyboard goes on here.
        autoFocus
        value={draft.question}
        onChange={(text) => set({ question: text })}
      />
      <div>
        <label htmlFor={`${id}-type`} className="field-label">
          Answer type
        </label>
        <select
          id={`${id}-type`}
          className="text-input"
          value={draft.answerType}
          disabled={answered}
          aria-describedby={answered ? `${id}-type-locked` : undefined}
          onChange={(event) => set({ answerType: event.target.value as AnswerType })}
        >
          {ANSWER_TYPES.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        {answered && (
          <p id={`${id}-type-locked`} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {TYPE_LOCKED}
          </p>
        )}
      </div>
      {draft.answerType === 'number' && (
        <>
          <TextField
            id={`${id}-unit`}
            label="Unit"
            autoComplete="off"
            value={draft.unit}
            onChange={(unit) => set({ unit })}
          />
          <div className="grid grid-cols-2 gap-3">
            <TextField
              id={`${id}-lowest`}
              label="Lowest"
              type="number"
              inputMode="decimal"
              step="any"
              value={draft.lowest}
              onChange={(lowest) => set({ lowest })}
            />
            <TextField
              id={`${id}-highest`}
              label="Highest"
              type="number"
              inputMode="decimal"
              step="any"
              value={draft.highest}
              onChange={(highest) => set({ highest })}
            />
          </div>
        </>
      )}
      {draft.answerType === 'scale' && (
        <>
          <TextField
            id={`${id}-label-1`}
            label="Label for 1"
            autoComplete="off"
            value={draft.label1}
            onChange={(label1) => set({ label1 })}
          />
          <TextField
            id={`${id}-label-5`}
            label="Label for 5"
            autoComplete="off"
            value={draft.label5}
            onChange={(label5) => set({ label5 })}
          />
        </>
      )}
      <div>
        <label htmlFor={`${id}-asked`} className="field-label">
          Asked
        </label>
        <select
          id={`${id}-asked`}
          className="text-input"
          value={draft.asked}
          onChange={(event) => set({ asked: event.target.value as Asked })}
        >
          {ASKED.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      {failure && <MessageBox kind="error">{failure}</MessageBox>}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary grow" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save question'}
        </button>
        <button
          type="button"
          className="btn-secondary"
          disabled={save.isPending}
          onClick={() => onClose(false)}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
