import { CardSection } from '../../../components/CardSection.tsx';
import type { ReactNode } from 'react';
import { MessageBox } from '../../../components/MessageBox.tsx';
import { useRuntimeConfig } from '../../../session/clients-context.tsx';
import { useSignedInUser } from '../../../session/signed-in-session.tsx';
import { useSignedInQuery } from '../../../session/signed-in-query.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fetchReminderSettings, reminderSettingsKey } from '../api/reminder-settings-api.ts';
import { browserTimeZone } from '../browser-time-zone.ts';
import { defaultReminderSettings } from '../reminder-settings.ts';
import { ReminderForm } from './ReminderForm.tsx';

interface Props {
  /**
   * The 'Notifications on this device' switch and the device list (Web
   * Push), a feature of its own: handed in by the app and shown with the
   * channels, next to 'By e-mail'.
   */
  pushChannel?: ReactNode;
}

export const HOSTED_TEXT =
  'Reminders are sent by the self-hosted Energy Tracker server. This app runs on a hosted Supabase project, where nothing sends them.';

/** Profile's 'Reminders': when and how Energy Tracker reminds the person to log. */
export function RemindersSection({ pushChannel }: Props) {
  const config = useRuntimeConfig();
  return (
    <CardSection headingId="reminders-heading" title="Reminders" className="flex flex-col gap-4">
      {config.reminders ? (
        <SavedReminders emailOffered={config.reminders.email} pushChannel={pushChannel} />
      ) : (
        // No server of ours (a hosted Supabase project): nothing would send them.
        <p className="text-sm text-slate-600 dark:text-slate-300">{HOSTED_TEXT}</p>
      )}
    </CardSection>
  );
}

function SavedReminders({
  emailOffered,
  pushChannel,
}: {
  emailOffered: boolean;
  pushChannel: ReactNode;
}) {
  const user = useSignedInUser();
  const saved = useSignedInQuery(reminderSettingsKey, fetchReminderSettings);
  if (saved.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
        Loading reminders…
      </p>
    );
  }
  if (saved.isError) return <MessageBox kind="error">{errorMessage(saved.error)}</MessageBox>;
  const browserZone = browserTimeZone();
  return (
    <ReminderForm
      key={user.id}
      initial={saved.data ?? defaultReminderSettings(browserZone)}
      initialSavedZone={saved.data?.timeZone}
      browserZone={browserZone}
      emailOffered={emailOffered}
      pushChannel={pushChannel}
    />
  );
}
