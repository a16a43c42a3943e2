import { ACTIVITY_MAX_LENGTH, TAG_MAX_LENGTH } from '../../../journal/entry-limits.ts';
import { useTagSuggestions } from '../../../journal/tag-suggestions.ts';
import { RangeSlider } from '../../../components/RangeSlider.tsx';
import { Toggle } from '../../../components/Toggle.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import type { HistoryFilters } from '../filters.ts';

interface Props {
  id: string;
  filters: HistoryFilters;
  onChange: (filters: HistoryFilters) => void;
}

export function FiltersPanel({ id, filters, onChange }: Props) {
  const tags = useTagSuggestions();
  return (
    <div id={id} className="card mb-4 flex flex-col gap-5">
      <TextField
        id={`${id}-activity`}
        label="Activity"
        type="search"
        autoComplete="off"
        maxLength={ACTIVITY_MAX_LENGTH}
        placeholder="Any activity"
        value={filters.activity}
        onChange={(activity) => onChange({ ...filters, activity })}
      />
      <TextField
        id={`${id}-tag`}
        label="Tag"
        type="search"
        autoComplete="off"
        maxLength={TAG_MAX_LENGTH}
        placeholder="Any tag"
        list={`${id}-tag-options`}
        value={filters.tag}
        onChange={(tag) => onChange({ ...filters, tag })}
      >
        <datalist id={`${id}-tag-options`}>
          {(tags.data ?? []).map((tag) => (
            <option key={tag} value={tag} />
          ))}
        </datalist>
      </TextField>
      <RangeSlider
        label="Min Energy"
        value={filters.minEnergy}
        onChange={(minEnergy) => onChange({ ...filters, minEnergy })}
      />
      <RangeSlider
        label="Min Engagement"
        value={filters.minEngagement}
        onChange={(minEngagement) => onChange({ ...filters, minEngagement })}
      />
      <Toggle
        label="Flow State Only"
        checked={filters.flowOnly}
        onChange={(flowOnly) => onChange({ ...filters, flowOnly })}
      />
    </div>
  );
}
