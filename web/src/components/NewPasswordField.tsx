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
    <div>
      <label htmlFor={id} className="field-label">
        New password
      </label>
      <input
        id={id}
        className="text-input"
        type="password"
        required
        minLength={8}
        autoComplete="new-password"
        placeholder="At least 8 characters"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
