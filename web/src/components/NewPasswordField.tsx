import { TextField } from './form/TextField.tsx';

/** A new password as every form asks for it: at least 8 characters, offered to password managers as new. */
export function NewPasswordField({
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
      label="New password"
      type="password"
      required
      minLength={8}
      autoComplete="new-password"
      placeholder="At least 8 characters"
      value={value}
      onChange={onChange}
    />
  );
}
