import type { LogAgainChoice } from '../../../journal/log-again-choices.ts';

interface Props {
  choices: readonly LogAgainChoice[] | undefined;
  onChoose: (choice: LogAgainChoice) => void;
}

/**
 * Track's "Log again" (docs/product.md, Track; docs/decisions/072): one
 * button for each of the person's most logged activities, named by the
 * activity alone, so a screen reader says what a press will log. Nothing
 * at all until there is something to offer.
 */
export function LogAgain({ choices, onChoose }: Props) {
  if (!choices || choices.length === 0) return null;
  return (
    <div role="group" aria-labelledby="log-again-label">
      <span id="log-again-label" className="field-label">
        Log again
      </span>
      <ul className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <li key={choice.activity} className="max-w-full">
            <button
              type="button"
              // A long name is cut short on screen; its whole text stays the
              // button's accessible name and its tooltip.
              className="block min-h-11 max-w-full truncate rounded-full border border-violet-200 bg-violet-50 px-4 py-2 text-sm font-medium text-violet-900 hover:bg-violet-100 dark:border-violet-800 dark:bg-violet-950 dark:text-violet-50 dark:hover:bg-violet-900"
              title={choice.activity}
              onClick={() => onChoose(choice)}
            >
              {choice.activity}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
