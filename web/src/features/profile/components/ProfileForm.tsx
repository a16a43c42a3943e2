import type { User } from '@supabase/supabase-js';
import { useState, type FormEvent } from 'react';
import { useToast } from '../../../components/toast.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { useAuthClient } from '../../../session/clients-context.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { profileNameOf, type ProfileName } from '../../../session/profile-name.ts';
import { updateProfileName } from '../api/update-profile-name.ts';

/** The two names, each with the hint that lets the browser fill it in. */
const NAME_FIELDS = [
  { part: 'firstName', id: 'profile-first-name', label: 'First Name', autoComplete: 'given-name' },
  { part: 'lastName', id: 'profile-last-name', label: 'Last Name', autoComplete: 'family-name' },
] as const;

/** Read-only until 'Edit Profile'; 'Save' keeps the names on the account, 'Cancel' drops the edit. */
export function ProfileForm({ user }: { user: User }) {
  const auth = useAuthClient();
  const showToast = useToast();
  const saved = profileNameOf(user.user_metadata);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<ProfileName>(saved);
  const [saving, setSaving] = useState(false);
  const shown = editing ? draft : saved;

  function startEditing() {
    setDraft(saved);
    setEditing(true);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!editing || saving) return;
    setSaving(true);
    try {
      await updateProfileName(auth, draft);
      setEditing(false);
      showToast('success', 'Profile updated successfully!');
    } catch (error) {
      showToast('error', errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="card flex flex-col gap-4" onSubmit={(e) => void submit(e)}>
      <div className="grid gap-4 sm:grid-cols-2">
        {NAME_FIELDS.map(({ part, id, label, autoComplete }) => (
          <NameField
            key={part}
            id={id}
            label={label}
            autoComplete={autoComplete}
            value={shown[part]}
            editing={editing}
            onChange={(value) => setDraft({ ...draft, [part]: value })}
          />
        ))}
      </div>
      <TextField
        id="profile-email"
        label="Email"
        type="email"
        value={user.email ?? ''}
        readOnly
        disabled
      />
      {editing ? (
        <div className="flex gap-3">
          <button
            type="button"
            className="btn-secondary flex-1"
            disabled={saving}
            onClick={() => setEditing(false)}
          >
            Cancel
          </button>
          <button type="submit" className="btn-primary flex-1" disabled={saving} aria-busy={saving}>
            Save
          </button>
        </div>
      ) : (
        <button type="button" className="btn-primary" onClick={startEditing}>
          Edit Profile
        </button>
      )}
    </form>
  );
}

interface NameFieldProps {
  id: string;
  label: string;
  autoComplete: string;
  value: string;
  editing: boolean;
  onChange: (value: string) => void;
}

function NameField({ id, label, autoComplete, value, editing, onChange }: NameFieldProps) {
  return (
    <TextField
      id={id}
      label={label}
      autoComplete={autoComplete}
      maxLength={100}
      value={value}
      readOnly={!editing}
      disabled={!editing}
      onChange={onChange}
    />
  );
}
