import type { ReactNode } from 'react';

/**
 * What a labelled field takes besides its control's own attributes (`A`):
 * the id that ties label and control, the label and the text. The control's
 * class is the field's to set.
 */
export type FieldProps<A> = Omit<A, 'id' | 'className' | 'value' | 'onChange' | 'children'> & {
  id: string;
  label: ReactNode;
  value: string;
};

/**
 * A form control under its visible label, as every form lays one out: the
 * label names the control by its id, and what follows the control (a hint,
 * a suggestion list, a link) stays inside the same block.
 */
export function LabelledField({
  id,
  label,
  children,
}: {
  /** The id of the control among the children. */
  id: string;
  label: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children}
    </div>
  );
}
