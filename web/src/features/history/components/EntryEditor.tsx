import { useId, useState, type FormEvent } from 'react';
import { MessageBox } from '../../../components/MessageBox.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { EntryFields } from '../../../components/entry-fields/EntryFields.tsx';
import type { EntryFieldValues } from '../../../components/entry-fields/entry-field-values.ts';
import { useToast } from '../../../components/toast.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { addTag } from '../../../journal/tags.ts';
import { fromLocalInputValue, isInFuture, toLocalInputValue } from '../../../lib/local-time.ts';
import type { ActivityRow } from '../../../journal/entry-row.ts';
import { entryOfRow } from '../../../journal/entry.ts';
import { useDeleteEntry, useRestoreEntry, useUpdateEntry } from '../api/edit-entry.ts';
import { givenAnswers, hasOwnAnswerProblem } from '../../../journal/own-answers.ts';
import { useOwnQuestions, type OwnAnswers } from '../../../journal/own-questions.ts';

/** How long 'Undo' is offered after a delete. */
export const UNDO_MS = 5000;

/** The entry's fields, energy and engagement in whole percentages, and its time. */
interface Draft extends EntryFieldValues {
  /** datetime-local value, local time to the minute. */
  when: string;
}

function draftOf(entry: ActivityRow): Draft {
  const { createdAt, ...fields } = entryOfRow(entry);
  return { ...fields, tagDraft: '', when: toLocalInputValue(new Date(createdAt)) };
}

/**
 * One entry opened for changes, in place of its card (docs/product.md 11.1).
 * Saving is one call that changes all or nothing; deleting offers Undo in a
 * toast, which outlives this form.
 */
interface Props {
  entry: ActivityRow;
  /** `savedAt`: the entry's time after a save, which may have moved it. */
  onClose: (savedAt?: string) => void;
}

export function EntryEditor({ entry, onClose }: Props) {
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(entry));
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateEntry();
  const remove = useDeleteEntry();
  const restore = useRestoreEntry();
  const showToast = useToast();
  const set = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));

  // An untouched time keeps the entry's exact instant, microseconds included.
  const original = draftOf(entry).when;
  const chosen =
    draft.when === original ? new Date(entry.created_at) : fromLocalInputValue(draft.when);
  const timeProblem = !chosen
    ? 'Choose a date and time.'
    : isInFuture(chosen)
      ? 'An entry cannot be in the future'
      : null;
  const busy = update.isPending || remove.isPending;
  const blank = draft.activity.trim() === '';
  // The questions asked now, and any hidden one this entry answered.
  const questions = useOwnQuestions().data;
  const asked = (questions ?? []).filter(
    (question) => question.active || entry.answers?.[question.id] !== undefined,
  );
  const answerProblem = hasOwnAnswerProblem(asked, draft.answers);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (blank || timeProblem || busy || !chosen || answerProblem) return;
    setFailure(null);
    try {
      const { tagDraft, ...fields } = draft;
      const answers = givenAnswers(asked, draft.answers);
      const savedAt = await update.mutateAsync({
        entryTime: entry.created_at,
        changes: {
          ...fields,
          tags: addTag(draft.tags, tagDraft),
          answers,
          createdAt: draft.when === original ? entry.created_at : chosen.toISOString(),
        },
        // Questions not yet read leave the answers as they are.
        answersChanged: questions !== undefined && !sameAnswers(answers, entry.answers ?? {}),
      });
      onClose(savedAt);
      showToast('success', 'Entry updated');
    } catch (error) {
      setFailure(`Failed to save changes: ${errorMessage(error)}`);
    }
  }

  async function deleteIt() {
    setFailure(null);
    let rows;
    try {
      rows = await remove.mutateAsync(entry.created_at);
    } catch (error) {
      setFailure(`Failed to delete entry: ${errorMessage(error)}`);
      return;
    }
    onClose();
    showToast('success', 'Entry deleted', {
      durationMs: UNDO_MS,
      action: {
        label: 'Undo',
        onClick: () =>
          restore.mutateAsync(rows).then(
            () => showToast('success', 'Entry restored'),
            (error: unknown) =>
              showToast('error', `Failed to restore entry: ${errorMessage(error)}`),
          ),
      },
    });
  }

  return (
    <li className="card p-4" data-testid="entry-editor">
      <form className="flex flex-col gap-4" onSubmit={save} aria-label={`Edit ${entry.activity}`}>
        <EntryFields
          idPrefix={id}
          purpose="edit"
          values={draft}
          onChange={set}
          ownQuestions={asked}
        />
        <TextField
          id={`${id}-when`}
          label="When"
          type="datetime-local"
          required
          max={toLocalInputValue(new Date())}
          value={draft.when}
          aria-invalid={timeProblem !== null}
          aria-describedby={timeProblem ? `${id}-when-problem` : undefined}
          onChange={(when) => set({ when })}
        >
          {timeProblem && (
            <p id={`${id}-when-problem`} className="mt-1 text-sm text-red-700 dark:text-red-300">
              {timeProblem}
            </p>
          )}
        </TextField>
        {failure && <MessageBox kind="error">{failure}</MessageBox>}
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            className="btn-primary grow"
            disabled={blank || timeProblem !== null || busy || answerProblem}
          >
            {update.isPending ? 'Saving...' : 'Save changes'}
          </button>
          <button type="button" className="btn-secondary" onClick={() => onClose()} disabled={busy}>
            Cancel
          </button>
          <button
            type="button"
            className="btn-danger"
            onClick={() => void deleteIt()}
            disabled={busy}
          >
            {remove.isPending ? 'Deleting...' : 'Delete entry'}
          </button>
        </div>
      </form>
    </li>
  );
}

/** Whether two sets of own answers hold the same answers. */
function sameAnswers(a: OwnAnswers, b: OwnAnswers): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
