import type { ReactNode, TextareaHTMLAttributes } from 'react';
import type { FieldProps } from './LabelledField.tsx';

type Props = FieldProps<TextareaHTMLAttributes<HTMLTextAreaElement>> & {
  onChange: (value: string) => void;
  /** The textarea's least height, a Tailwind class: each form sizes it to its own room. */
  minHeightClass: string;
  /** Shown between the label and the textarea (a help line the textarea is described by). */
  before?: ReactNode;
};

/**
 * A labelled text area that grows downwards only. Laid out as LabelledField
 * lays out a field, without importing it: LabelledField then loads with the
 * login screen's own code instead of in a file of its own, whose overhead
 * counted against the login screen's script budget (docs/decisions/016).
 */
export function TextAreaField({ id, label, onChange, minHeightClass, before, ...textarea }: Props) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {before}
      <textarea
        id={id}
        className={`text-input ${minHeightClass} resize-y`}
        {...textarea}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
