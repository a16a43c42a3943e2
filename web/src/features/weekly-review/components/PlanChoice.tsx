import type { PlanKind } from '../../../journal/weekly-review-row.ts';
import type { PlanChoices } from '../api/get-plan-choices.ts';

export interface Choice {
  kind: PlanKind | null;
  name: string | null;
}

// An option's value names its kind, so that an activity and a tag spelled
// alike stay two choices.
const valueOf = ({ kind, name }: Choice) => (kind && name !== null ? `${kind}:${name}` : '');

function choiceOf(value: string): Choice {
  const at = value.indexOf(':');
  if (at < 0) return { kind: null, name: null };
  return { kind: value.slice(0, at) as PlanKind, name: value.slice(at + 1) };
}

/** "Do more of" or "Do less of": one of the person's activities or tags, or nothing. */
export function PlanChoice({
  id,
  label,
  value,
  choices,
  onChange,
}: {
  id: string;
  label: string;
  value: Choice;
  choices: PlanChoices;
  onChange: (choice: Choice) => void;
}) {
  // A saved choice stays offered even when the journal no longer lists it.
  const offered = (kind: PlanKind, names: string[]) =>
    value.kind === kind && value.name !== null && !names.includes(value.name)
      ? [value.name, ...names]
      : names;
  const groups = [
    {
      kind: 'activity' as const,
      label: 'Activities',
      names: offered('activity', choices.activities),
    },
    { kind: 'tag' as const, label: 'Tags', names: offered('tag', choices.tags) },
  ];
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select
        id={id}
        className="text-input"
        value={valueOf(value)}
        onChange={(e) => onChange(choiceOf(e.target.value))}
      >
        <option value="">Nothing chosen</option>
        {groups.map(
          (group) =>
            group.names.length > 0 && (
              <optgroup key={group.kind} label={group.label}>
                {group.names.map((name) => (
                  <option key={name} value={valueOf({ kind: group.kind, name })}>
                    {name}
                  </option>
                ))}
              </optgroup>
            ),
        )}
      </select>
    </div>
  );
}
