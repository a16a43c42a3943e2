import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { toPercent } from '../../../components/circular-dial/dial-math.ts';
import { EntryFields } from '../../../components/entry-fields/EntryFields.tsx';
import type { EntryFieldValues } from '../../../components/entry-fields/entry-field-values.ts';
import { useToast } from '../../../components/toast.tsx';
import { useDataClient } from '../../../session/clients-context.tsx';
import { useSignedInUser } from '../../../session/signed-in-session.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { addTag } from '../../../journal/tags.ts';
import { useOwnAnswersOfEntry } from '../own-answers-of-entry.ts';
import { pastTime } from '../past-time.ts';
import { useTagSuggestions } from '../../../journal/tag-suggestions.ts';
import { useActivitySuggestions } from '../api/get-activity-suggestions.ts';
import type { LogAgainChoice } from '../../../journal/log-again-choices.ts';
import { useLogAgainChoices } from '../api/get-log-again-choices.ts';
import { useOutboxSave } from '../api/use-outbox-save.ts';
import { LogAgain } from './LogAgain.tsx';
import { PastTimeField } from './PastTimeField.tsx';

// Its own small chunk, fetched after Track has painted: a look back is never
// in the way of logging (docs/product.md, Track).
const OnThisDayCard = lazy(() => import('./OnThisDayCard.tsx'));

/** The entry's fields, energy and engagement as dial values (0–1), and its time. */
interface TrackForm extends EntryFieldValues {
  /** datetime-local value; empty means now. */
  when: string;
}

/** docs/product.md: the entry waits in the outbox and is sent once the network is back. */
const SAVED_ON_DEVICE = 'Saved on this device. It will be sent when you are online.';

const EMPTY_FORM: TrackForm = {
  activity: '',
  energy: 0,
  engagement: 0,
  flowState: false,
  notes: '',
  tags: [],
  tagDraft: '',
  answers: {},
  when: '',
};

export function TrackTab() {
  const [form, setForm] = useState<TrackForm>(EMPTY_FORM);
  const [showWhen, setShowWhen] = useState(false);
  const save = useOutboxSave();
  // The form last sent and its entry's key, until a save of it succeeds.
  const unsaved = useRef<{ form: TrackForm; entryKey: string } | null>(null);
  const suggestions = useActivitySuggestions();
  const logAgainChoices = useLogAgainChoices();
  const tagSuggestions = useTagSuggestions();
  const showToast = useToast();
  const supabase = useDataClient();
  const { id: userId } = useSignedInUser();
  const blank = form.activity.trim() === '';
  const when = pastTime(form.when);
  const own = useOwnAnswersOfEntry(form.answers, when.instant);
  const update = (changes: Partial<TrackForm>) =>
    setForm((current) => ({ ...current, ...changes }));
  useFocusActivityFromReminder();

  // The values of the activity's most recent entry: Save Activity is then the
  // second and last press (docs/decisions/072). Its notes belonged to that
  // moment and are not copied; what the person has typed in Notes, a tag
  // half typed and the time chosen under 'Log an earlier time' stay.
  const logAgain = (choice: LogAgainChoice) =>
    update({
      activity: choice.activity,
      energy: choice.energy / 100,
      engagement: choice.engagement / 100,
      flowState: choice.flow_state,
      tags: choice.tags,
    });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (blank || save.isPending || when.problem || own.problem) return;
    // Save pressed again on the same, unchanged form after a failure sends
    // the same key: if the failed send did reach the server (its answer was
    // lost), the entry is still stored once (docs/decisions/035).
    const entryKey =
      unsaved.current?.form === form ? unsaved.current.entryKey : crypto.randomUUID();
    unsaved.current = { form, entryKey };
    const { tagDraft, ...fields } = form;
    save.mutate(
      {
        ...fields,
        tags: addTag(form.tags, tagDraft),
        answers: own.toSend(),
        energy: toPercent(form.energy),
        engagement: toPercent(form.engagement),
        createdAt: when.instant?.toISOString(),
        entryKey,
      },
      {
        onSuccess: (where) => {
          unsaved.current = null;
          setForm(EMPTY_FORM);
          setShowWhen(false);
          showToast('success', where === 'sent' ? 'Activity saved!' : SAVED_ON_DEVICE);
        },
        onError: (error) => showToast('error', `Failed to save activity: ${errorMessage(error)}`),
      },
    );
  }

  return (
    <section aria-labelledby="track-heading">
      <h1 id="track-heading" className="mb-4 text-2xl font-semibold tracking-tight">
        Track Activity
      </h1>
      <form className="card flex flex-col gap-5" onSubmit={submit}>
        <LogAgain choices={logAgainChoices.data} onChoose={logAgain} />
        <EntryFields
          idPrefix="track"
          purpose="new"
          values={{ ...form, answers: own.shown }}
          onChange={update}
          suggestions={suggestions.data}
          tagSuggestions={tagSuggestions.data}
          ownQuestions={own.asked}
          dayAnswers={own.dayAnswers}
        />
        {showWhen && (
          <PastTimeField
            value={form.when}
            onChange={(value) => update({ when: value })}
            problem={when.problem}
            latest={when.latest}
          />
        )}
        <button
          type="submit"
          className="btn-primary w-full"
          disabled={blank || save.isPending || when.problem !== undefined || own.problem}
        >
          {save.isPending ? 'Saving...' : 'Save Activity'}
        </button>
        {/* After Save, so that the form's own order (Notes, then Save) stays as it was. */}
        <button
          type="button"
          className="-mt-2 self-center rounded-lg px-3 py-2 text-sm font-medium text-violet-800 underline underline-offset-2 hover:bg-violet-50 dark:text-violet-200 dark:hover:bg-violet-950"
          aria-expanded={showWhen}
          onClick={() => {
            if (showWhen) update({ when: '' });
            setShowWhen(!showWhen);
          }}
        >
          {showWhen ? 'Use the current time' : 'Log an earlier time'}
        </button>
      </form>
      <p className="mt-4 px-1 text-sm text-slate-600 dark:text-slate-300">
        When an activity gives you energy, it is a signal to invest more time in it.
      </p>
      <Suspense fallback={null}>
        <OnThisDayCard supabase={supabase} userId={userId} />
      </Suspense>
    </section>
  );
}

/**
 * A tapped reminder opens /?focus=activity (docs/decisions/043): the
 * Activity field takes the focus, and the address loses the parameter so
 * that a reload does not take it again.
 */
function useFocusActivityFromReminder() {
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.get('focus') !== 'activity') return;
    document.getElementById('track-activity')?.focus();
    url.searchParams.delete('focus');
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }, []);
}
