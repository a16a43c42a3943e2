import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { LabelledField, type FieldProps } from './LabelledField.tsx';

type Props = FieldProps<TextareaHTMLAttributes<HTMLTextAreaElement>> & {
  onChange: (value: string) => void;
  /** The textarea's least height, a Tailwind class: each form sizes it to its own room. */
  minHeightClass: string;
  /** Shown between the label and the textarea (a help line the textarea is described by). */
  before?: ReactNode;
};

/** A labelled text area that grows downwards only. */
export function TextAreaField({ id, label, onChange, minHeightClass, before, ...textarea }: Props) {
  return (
    <LabelledField id={id} label={label}>
      {before}
      <textarea
        id={id}
        className={`text-input ${minHeightClass} resize-y`}
        {...textarea}
        onChange={(event) => onChange(event.target.value)}
      />
    </LabelledField>
  );
}
