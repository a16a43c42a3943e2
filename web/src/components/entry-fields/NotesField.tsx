import { NOTES_MAX_LENGTH } from '../../journal/entry-limits.ts';
import { TextAreaField } from '../form/TextAreaField.tsx';

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string | undefined;
  /** The textarea's least height, a Tailwind class: each form sizes it to its own room. */
  minHeightClass: string;
}

/** The entry's optional notes. */
export function NotesField({ id, value, onChange, placeholder, minHeightClass }: Props) {
  return (
    <TextAreaField
      id={id}
      label="Notes"
      minHeightClass={minHeightClass}
      maxLength={NOTES_MAX_LENGTH}
      placeholder={placeholder}
      value={value}
      onChange={onChange}
    />
  );
}
