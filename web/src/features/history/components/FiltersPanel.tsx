import { ACTIVITY_MAX_LENGTH, TAG_MAX_LENGTH } from '../../../journal/entry-limits.ts';
import { useTagSuggestions } from '../../../journal/tag-suggestions.ts';
import { RangeSlider } from '../../../components/RangeSlider.tsx';
import { Toggle } from '../../../components/Toggle.tsx';
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
      <div>
        <label htmlFor={`${id}-activity`} className="field-label">
          Activity
        </label>
        <input
          id={`${id}-activity`}
          type="search"
          className="text-input"
          autoComplete="off"
          maxLength={ACTIVITY_MAX_LENGTH}
          placeholder="Any activity"
          value={filters.activity}
          onChange={(e) => onChange({ ...filters, activity: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor={`${id}-tag`} className="field-label">
          Tag
        </label>
        <input
          id={`${id}-tag`}
          type="search"
          className="text-input"
          autoComplete="off"
          maxLength={TAG_MAX_LENGTH}
          placeholder="Any tag"
          list={`${id}-tag-options`}
          value={filters.tag}
          onChange={(e) => onChange({ ...filters, tag: e.target.value })}
        />
        <datalist id={`${id}-tag-options`}>
          {(tags.data ?? []).map((tag) => (
            <option key={tag} value={tag} />
          ))}
        </datalist>
      </div>
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
