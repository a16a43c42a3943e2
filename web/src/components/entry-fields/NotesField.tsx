import { NOTES_MAX_LENGTH } from '../../journal/entry-limits.ts';

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
    <div>
      <label htmlFor={id} className="field-label">
        Notes
      </label>
      <textarea
        id={id}
        className={`text-input ${minHeightClass} resize-y`}
        maxLength={NOTES_MAX_LENGTH}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
