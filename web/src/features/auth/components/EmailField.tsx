import { TextField } from '../../../components/form/TextField.tsx';

/** The address that signs in, or that a reset link is mailed to: the same field on both forms. */
export function EmailField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      id={id}
      label="Email"
      type="email"
      required
      autoComplete="email"
      placeholder="Enter your email"
      value={value}
      onChange={onChange}
    />
  );
}
