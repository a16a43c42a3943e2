import { CircularDial } from '../circular-dial/CircularDial.tsx';
import { RangeSlider } from '../RangeSlider.tsx';
import { Toggle } from '../Toggle.tsx';
import { ActivityField } from './ActivityField.tsx';
import type { EntryFieldValues, ChangeEntryFields } from './entry-field-values.ts';
import { NotesField } from './NotesField.tsx';
import { OwnAnswerFields } from './OwnAnswerFields.tsx';
import type { OwnAnswers, OwnQuestion } from '../../journal/own-questions.ts';
import { TagsField } from './TagsField.tsx';

/** The two measures every entry has, in the order the form shows them. */
const MEASURES = [
  { measure: 'energy', label: 'Energy' },
  { measure: 'engagement', label: 'Engagement' },
] as const;

interface Props {
  /** Starts the fields' ids: `${idPrefix}-activity`, `${idPrefix}-notes`. */
  idPrefix: string;
  values: EntryFieldValues;
  onChange: ChangeEntryFields;
  /**
   * 'new': Track's form for a new entry, with dials (values 0–1), hints in
   * the empty fields and the person's own activity names offered. 'edit':
   * Look Back's editor of a stored entry, with sliders (whole percentages)
   * and the activity focused as it opens in place of the entry's card.
   */
  purpose: 'new' | 'edit';
  /** The names offered while typing the activity ('new' only). */
  suggestions?: readonly string[] | undefined;
  /** The person's own tags, offered while typing a tag. */
  tagSuggestions?: readonly string[] | undefined;
  /** The person's own questions to ask, after the journal's fields (docs/decisions/084). */
  ownQuestions?: readonly OwnQuestion[] | undefined;
  /** Today's answers to once-a-day questions ('new' only), shown in their controls. */
  dayAnswers?: OwnAnswers | undefined;
}

/**
 * The fields of one entry, the one place that says what an entry is made of
 * (docs/product.md 2, Track; 11.1, Look Back's editor), own questions
 * included. The form around them
 * owns the values, the time and the buttons; the fields lie directly in its
 * layout, so each form keeps its own spacing.
 */
export function EntryFields({
  idPrefix,
  values,
  onChange,
  purpose,
  suggestions,
  tagSuggestions,
  ownQuestions = [],
  dayAnswers,
}: Props) {
  const isNew = purpose === 'new';
  return (
    <>
      <ActivityField
        id={`${idPrefix}-activity`}
        value={values.activity}
        onChange={(activity) => onChange({ activity })}
        placeholder={isNew ? 'What are you doing?' : undefined}
        suggestions={isNew ? (suggestions ?? []) : undefined}
        autoFocus={!isNew}
      />
      {isNew ? (
        <div className="grid grid-cols-2 gap-4">
          {MEASURES.map(({ measure, label }) => (
            <CircularDial
              key={measure}
              label={label}
              measure={measure}
              value={values[measure]}
              onChange={(value) => onChange({ [measure]: value })}
              resetTitle={`Reset ${measure}`}
            />
          ))}
        </div>
      ) : (
        MEASURES.map(({ measure, label }) => (
          <RangeSlider
            key={measure}
            label={label}
            value={values[measure]}
            onChange={(value) => onChange({ [measure]: value })}
          />
        ))
      )}
      <Toggle
        label="Flow State"
        checked={values.flowState}
        onChange={(flowState) => onChange({ flowState })}
      />
      <NotesField
        id={`${idPrefix}-notes`}
        value={values.notes}
        onChange={(notes) => onChange({ notes })}
        placeholder={isNew ? 'Any additional notes...' : undefined}
        minHeightClass={isNew ? 'min-h-24' : 'min-h-20'}
      />
      <TagsField
        id={`${idPrefix}-tags`}
        tags={values.tags}
        text={values.tagDraft}
        onChange={(changes) => onChange(changes)}
        suggestions={tagSuggestions}
      />
      <OwnAnswerFields
        idPrefix={idPrefix}
        questions={ownQuestions}
        values={values.answers}
        onChange={(answers) => onChange({ answers })}
        dayAnswers={dayAnswers}
      />
    </>
  );
}
