import type { InputHTMLAttributes, ReactNode } from 'react';
import { LabelledField, type FieldProps } from './LabelledField.tsx';

type Props = FieldProps<InputHTMLAttributes<HTMLInputElement>> & {
  /** The new text; a field without it is read-only. */
  onChange?: ((value: string) => void) | undefined;
  /** Shown below the input, inside the field's block. */
  children?: ReactNode;
};

/** A labelled one-line input in the app's text-input style; the rest of its attributes pass through. */
export function TextField({ id, label, onChange, children, ...input }: Props) {
  return (
    <LabelledField id={id} label={label}>
      <input
        id={id}
        className="text-input"
        {...input}
        onChange={onChange && ((event) => onChange(event.target.value))}
      />
      {children}
    </LabelledField>
  );
}
