import type { User } from '@supabase/supabase-js';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useToast } from '../../../components/toast.tsx';
import { useDataClient } from '../../../session/clients-context.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { profileNameOf } from '../../../session/profile-name.ts';
import { fetchAllEntries } from '../api/fetch-all-entries.ts';
import { fetchAllReviews } from '../api/fetch-all-reviews.ts';
import { fetchOwnQuestions } from '../../../journal/own-questions.ts';
import { fetchReminderSettingsForExport } from '../api/fetch-reminder-settings.ts';
import { downloadFile } from '../download-file.ts';
import { entriesToCsv, entriesToJson, exportFileName } from '../format-export.ts';

type Format = 'csv' | 'json';

/** 'Export CSV' and 'Export JSON': every entry, read page by page, saved as one file. */
export function ExportButtons({ user }: { user: User }) {
  const supabase = useDataClient();
  const showToast = useToast();
  const [running, setRunning] = useState<Format | null>(null);
  const [read, setRead] = useState(0);

  async function exportAs(format: Format) {
    setRunning(format);
    setRead(0);
    try {
      // The person's own questions, hidden ones too, name the answers' columns and fields.
      const questions = await fetchOwnQuestions(supabase);
      const entries = await fetchAllEntries(supabase, user.id, setRead);
      if (format === 'csv') {
        downloadFile(
          exportFileName('csv'),
          entriesToCsv(entries, questions),
          'text/csv;charset=utf-8',
        );
      } else {
        const names = profileNameOf(user.user_metadata);
        const account = {
          email: user.email ?? '',
          first_name: names.firstName,
          last_name: names.lastName,
        };
        const [reminders, reviews] = await Promise.all([
          fetchReminderSettingsForExport(supabase),
          fetchAllReviews(supabase),
        ]);
        downloadFile(
          exportFileName('json'),
          entriesToJson(account, entries, new Date(), reminders, reviews, questions),
          'application/json;charset=utf-8',
        );
      }
      showToast(
        'success',
        `Exported ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}.`,
      );
    } catch (error) {
      showToast('error', errorMessage(error));
    } finally {
      setRunning(null);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="grid gap-3 sm:grid-cols-2">
        {(['csv', 'json'] as const).map((format) => (
          <button
            key={format}
            type="button"
            className="btn-secondary w-full"
            disabled={running !== null}
            onClick={() => void exportAs(format)}
          >
            <Download aria-hidden="true" className="size-5" />
            {format === 'csv' ? 'Export CSV' : 'Export JSON'}
          </button>
        ))}
      </div>
      <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
        {running ? `Exporting… ${read} entries read` : ''}
      </p>
    </div>
  );
}
