import { useQueryClient } from '@tanstack/react-query';
import { BellRing, Save } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { MessageBox } from '../../../components/MessageBox.tsx';
import { Toggle } from '../../../components/Toggle.tsx';
import {
  useAuthClient,
  useDataClient,
  useRuntimeConfig,
} from '../../../session/clients-context.tsx';
import { useSignedInUser } from '../../../session/signed-in-session.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import {
  reminderSettingsKey,
  saveReminderSettings,
  saveReminderTimeZone,
} from '../api/reminder-settings-api.ts';
import { sendTestReminder, testSentText } from '../api/send-test-reminder.ts';
import type { ReminderSettings } from '../reminder-settings.ts';
import { RandomTimeField } from './RandomTimeField.tsx';
import { ReminderTimesField } from './ReminderTimesField.tsx';
import { TimeZoneNote } from './TimeZoneNote.tsx';
import { WeekdaysField } from './WeekdaysField.tsx';
import { WeeklyReviewField } from './WeeklyReviewField.tsx';

interface Props {
  initial: ReminderSettings;
  /** The zone saved now; undefined before the first save. */
  initialSavedZone: string | undefined;
  browserZone: string;
  emailOffered: boolean;
  pushChannel: ReactNode;
}

type Message = { kind: 'success' | 'error'; text: string } | null;
type Busy = 'save' | 'test' | 'zone' | null;

export const SAVED_TEXT = 'Reminders saved.';
export const EMPTY_TIME_TEXT = 'Fill in every reminder time, or remove it.';

export function ReminderForm({
  initial,
  initialSavedZone,
  browserZone,
  emailOffered,
  pushChannel,
}: Props) {
  const supabase = useDataClient();
  const auth = useAuthClient();
  const config = useRuntimeConfig();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const [settings, setSettings] = useState(initial);
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [savedZone, setSavedZone] = useState(initialSavedZone);

  const change = (patch: Partial<ReminderSettings>) => setSettings((s) => ({ ...s, ...patch }));

  async function run(which: Busy, work: () => Promise<string>) {
    if (busy) return;
    setBusy(which);
    setMessage(null);
    try {
      setMessage({ kind: 'success', text: await work() });
    } catch (error) {
      setMessage({ kind: 'error', text: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  }

  const save = (event: FormEvent) => {
    event.preventDefault();
    void run('save', async () => {
      // An emptied time input says nothing the database could name.
      if (settings.times.some((t) => t === '')) throw new Error(EMPTY_TIME_TEXT);
      const stored = await saveReminderSettings(supabase, settings);
      setSettings(stored);
      setSavedZone(stored.timeZone);
      queryClient.setQueryData(reminderSettingsKey(user.id), stored);
      return SAVED_TEXT;
    });
  };

  const followBrowserZone = () =>
    void run('zone', async () => {
      await saveReminderTimeZone(supabase, user.id, browserZone);
      change({ timeZone: browserZone });
      setSavedZone(browserZone);
      await queryClient.invalidateQueries({ queryKey: reminderSettingsKey(user.id) });
      return `Your reminders now follow ${browserZone}.`;
    });

  const sendTest = () =>
    void run('test', async () => testSentText(await sendTestReminder(auth, config)));

  return (
    <form className="flex flex-col gap-5" onSubmit={save} noValidate>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Energy Tracker can remind you to log how your energy is.
      </p>
      <ReminderTimesField times={settings.times} onChange={(times) => change({ times })} />
      <WeekdaysField weekdays={settings.weekdays} onChange={(weekdays) => change({ weekdays })} />
      <RandomTimeField
        from={settings.randomFrom}
        until={settings.randomUntil}
        onChange={(randomFrom, randomUntil) => change({ randomFrom, randomUntil })}
      />
      <WeeklyReviewField
        on={settings.weeklyReview}
        day={settings.reviewDay}
        time={settings.reviewTime}
        onChange={change}
      />
      <fieldset className="flex flex-col gap-1">
        <legend className="field-label">How to remind you</legend>
        {emailOffered ? (
          <Toggle
            label="By e-mail"
            checked={settings.email}
            onChange={(email) => change({ email })}
          />
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">
            This server has no e-mail set up, so it cannot send reminders by e-mail.
          </p>
        )}
        {/* Web Push: the app mounts 'Notifications on this device' and the device list here. */}
        {pushChannel}
      </fieldset>
      <Toggle
        label="Skip if I logged in the last hour"
        checked={settings.skipIfLoggedLastHour}
        onChange={(skipIfLoggedLastHour) => change({ skipIfLoggedLastHour })}
      />
      <TimeZoneNote
        zone={settings.timeZone}
        savedZone={savedZone}
        browserZone={browserZone}
        busy={busy !== null}
        onFollowBrowser={followBrowserZone}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <button type="submit" className="btn-primary w-full" disabled={busy !== null}>
          <Save aria-hidden="true" className="size-5" />
          Save reminders
        </button>
        <button
          type="button"
          className="btn-secondary w-full"
          disabled={busy !== null}
          onClick={sendTest}
        >
          <BellRing aria-hidden="true" className="size-5" />
          Send a test reminder
        </button>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        A test goes out at once on every way that is on in your saved reminders.
      </p>
      {message && <MessageBox kind={message.kind}>{message.text}</MessageBox>}
    </form>
  );
}
