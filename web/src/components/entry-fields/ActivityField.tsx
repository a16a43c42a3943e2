import { ACTIVITY_MAX_LENGTH } from '../../journal/entry-limits.ts';
import { TextField } from '../form/TextField.tsx';

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string | undefined;
  /** Names to offer while typing; without them the field offers none. */
  suggestions?: readonly string[] | undefined;
  autoFocus: boolean;
}

/** The entry's activity: required text, with the person's own names offered where given. */
export function ActivityField({ id, value, onChange, placeholder, suggestions, autoFocus }: Props) {
  const suggestionsId = `${id}-suggestions`;
  return (
    <TextField
      id={id}
      label="Activity"
      required
      autoFocus={autoFocus}
      autoComplete="off"
      maxLength={ACTIVITY_MAX_LENGTH}
      placeholder={placeholder}
      // The browser's own suggestion list: keyboard and touch, and
      // read out by screen readers, filtered as the person types.
      list={suggestions ? suggestionsId : undefined}
      value={value}
      onChange={onChange}
    >
      {suggestions && (
        <datalist id={suggestionsId}>
          {suggestions.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      )}
    </TextField>
  );
}
