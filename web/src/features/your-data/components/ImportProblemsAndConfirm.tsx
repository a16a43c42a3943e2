import { problemText, type ImportProblem } from '../parse-import.ts';
import { plural } from '../plural.ts';

const PROBLEMS_SHOWN = 50;

/**
 * The end of every import preview (our own files and Daylio's): the lines
 * that will not be imported, then Import and Cancel.
 */
export function ImportProblemsAndConfirm({
  problems,
  ready,
  readyReviews = 0,
  onConfirm,
  onCancel,
}: {
  problems: ImportProblem[];
  ready: number;
  /** A JSON export's weekly reviews, imported with the entries. */
  readyReviews?: number;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <>
      {problems.length > 0 && (
        <div>
          <p className="text-sm font-medium">
            Not imported (fix these lines and import again to add them):
          </p>
          <ul
            aria-label="Problems in the file"
            className="mt-1 max-h-48 list-disc overflow-y-auto pl-5 text-sm text-red-800 dark:text-red-200"
          >
            {problems.slice(0, PROBLEMS_SHOWN).map((problem, index) => (
              <li key={index}>{problemText(problem)}</li>
            ))}
          </ul>
          {problems.length > PROBLEMS_SHOWN && (
            <p className="text-sm">…and {problems.length - PROBLEMS_SHOWN} more.</p>
          )}
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <button
          type="button"
          className="btn-primary"
          disabled={ready + readyReviews === 0}
          onClick={onConfirm}
        >
          Import {plural(ready, 'entry', 'entries')}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </>
  );
}
