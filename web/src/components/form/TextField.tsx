import type { InputHTMLAttributes, ReactNode } from 'react';
import { LabelledField } from './LabelledField.tsx';

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'className' | 'value' | 'onChange' | 'children'
>;

interface Props extends InputProps {
  id: string;
  label: ReactNode;
  value: string;
  /** The new text; a field without it is read-only. */
  onChange?: ((value: string) => void) | undefined;
  /** Shown below the input, inside the field's block. */
  children?: ReactNode;
}

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
