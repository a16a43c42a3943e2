import { useEffect, useRef } from 'react';
import {
  DAYLIO_ENGAGEMENT,
  DAYLIO_FALLBACK_ACTIVITY,
  MOOD_LEVELS,
  type DaylioCheck,
} from '../daylio.ts';
import { plural } from '../plural.ts';
import { ImportProblemsAndConfirm } from './ImportProblemsAndConfirm.tsx';
import { PreviewTable } from './PreviewTable.tsx';

/** Rows of the file shown before importing; the rest are counted. */
const ROWS_SHOWN = 5;
const LEVEL_NAMES: Record<number, string> = {
  100: 'rad',
  75: 'good',
  50: 'meh',
  25: 'bad',
  0: 'awful',
};

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * What a Daylio export becomes, before anything is saved (docs/product.md
 * "Import from Daylio"): how each mood maps to energy (a level to choose for
 * moods that are not Daylio's five), the defaults, and the first entries.
 */
export function DaylioPreview({
  fileName,
  check,
  onMoodEnergy,
  onConfirm,
  onCancel,
}: {
  fileName: string;
  check: DaylioCheck;
  onMoodEnergy: (mood: string, energy: number) => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ready = check.entries.length;
  const problems = check.problems;
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  const newestFirst = check.entries.slice(-ROWS_SHOWN).reverse();

  return (
    <div
      ref={box}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
    >
      <p className="text-sm" role="status">
        <span className="font-medium">{fileName}</span>: a Daylio export,{' '}
        {plural(ready, 'entry', 'entries')} ready to import
        {problems.length > 0 ? `, ${plural(problems.length, 'problem', 'problems')} found` : ''}.
      </p>

      <PreviewTable caption="Daylio moods become energy" columns={['Mood', 'Entries', 'Energy']}>
        {check.moods.map((mood) => (
          <tr key={mood.name} className="border-t border-slate-200 dark:border-slate-700">
            <th scope="row" className="py-1 pr-2 font-normal break-all">
              {mood.name}
            </th>
            <td className="py-1 pr-2">{mood.entries}</td>
            <td className="py-1">
              {mood.builtIn ? (
                `${mood.energy}%`
              ) : (
                <select
                  aria-label={`Energy for ${mood.name}`}
                  className="text-input min-h-10 py-1"
                  value={mood.energy}
                  onChange={(event) => onMoodEnergy(mood.name, Number(event.target.value))}
                >
                  {MOOD_LEVELS.map((level) => (
                    <option key={level} value={level}>
                      {`${level}% (like ${LEVEL_NAMES[level]})`}
                    </option>
                  ))}
                </select>
              )}
            </td>
          </tr>
        ))}
      </PreviewTable>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {`Each entry's activity is its first Daylio activity ("${DAYLIO_FALLBACK_ACTIVITY}" when it has none), its Daylio activities become its tags, and its note title and note become its notes. Daylio does not record engagement: every entry gets ${DAYLIO_ENGAGEMENT}%, and none is marked as flow.`}
      </p>

      {ready > 0 && (
        <div className="overflow-x-auto">
          <PreviewTable
            caption={ready > ROWS_SHOWN ? `The newest ${ROWS_SHOWN} entries` : 'The entries'}
            columns={['Time', 'Activity', 'Energy', 'Tags']}
          >
            {newestFirst.map((entry) => (
              <tr key={entry.line} className="border-t border-slate-200 dark:border-slate-700">
                <td className="py-1 pr-2">{when(entry.date)}</td>
                <td className="py-1 pr-2 break-words">{entry.activity}</td>
                <td className="py-1 pr-2">{`${entry.energy}%`}</td>
                <td className="py-1 break-words">{entry.tags.join(', ')}</td>
              </tr>
            ))}
          </PreviewTable>
        </div>
      )}

      <ImportProblemsAndConfirm
        problems={problems}
        ready={ready}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    </div>
  );
}
