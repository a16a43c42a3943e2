import { TextField } from '../../../components/form/TextField.tsx';

interface Props {
  /** datetime-local value; empty means now. */
  value: string;
  onChange: (value: string) => void;
  /** Why this time cannot be saved, in the form's words. */
  problem: string | undefined;
  /** The latest minute the input offers: this one. */
  latest: string;
}

/** Track's optional "When", for logging something earlier (docs/product.md 11.1). */
export function PastTimeField({ value, onChange, problem, latest }: Props) {
  return (
    <TextField
      id="track-when"
      label="When"
      type="datetime-local"
      autoFocus
      max={latest}
      value={value}
      aria-invalid={problem !== undefined}
      aria-describedby="track-when-hint"
      onChange={onChange}
    >
      <p
        id="track-when-hint"
        className={`mt-1 text-sm ${problem ? 'text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-300'}`}
      >
        {problem ?? 'Leave empty for now, or choose an earlier time.'}
      </p>
    </TextField>
  );
}
