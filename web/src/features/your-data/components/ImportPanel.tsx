import { useQueryClient } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { MessageBox } from '../../../components/MessageBox.tsx';
import { useDataClient } from '../../../session/clients-context.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { ImportInterrupted, importEntries, type ImportSummary } from '../api/import-entries.ts';
import { importReviews } from '../api/import-reviews.ts';
import type { WeeklyReviewRow } from '../../../journal/weekly-review-row.ts';
import { checkDaylioFile, isDaylioHeader, type DaylioCheck } from '../daylio.ts';
import { checkImportFile, type ImportCheck } from '../parse-import.ts';
import { fetchOwnQuestions, type OwnQuestion } from '../../../journal/own-questions.ts';
import { planOwnAnswers, type OwnAnswersPlan } from '../own-questions/plan-own-answers.ts';
import { readyToImport, withoutFileAnswers } from '../own-questions/ready-to-import.ts';
import type { EntryWithAnswers } from '../own-questions/entry-with-answers.ts';
import { DaylioPreview } from './DaylioPreview.tsx';
import { plural } from '../plural.ts';
import { ImportProblemsAndConfirm } from './ImportProblemsAndConfirm.tsx';

/** Problems listed in the preview; the rest are counted. */

type Step =
  | { kind: 'idle' }
  | {
      kind: 'preview';
      fileName: string;
      check: ImportCheck;
      /** The file's own questions and answers against the account's (docs/decisions/100). */
      plan: OwnAnswersPlan;
      account: OwnQuestion[];
    }
  | { kind: 'unreadable'; message: string }
  | {
      kind: 'daylio';
      fileName: string;
      text: string;
      moodEnergy: Record<string, number>;
      check: DaylioCheck;
    }
  | { kind: 'importing'; done: number; total: number }
  | { kind: 'finished'; summary: ImportSummary; reviewsAdded: number | null }
  | { kind: 'failed'; message: string; summary: ImportSummary; done: number; total: number };

function summaryText({ added, skipped, conflicts }: ImportSummary): string {
  const parts = [`${plural(added, 'entry', 'entries')} added`, `${skipped} already there`];
  if (conflicts > 0) {
    parts.push(
      `${plural(conflicts, 'entry', 'entries')} not added: another activity has that time`,
    );
  }
  return parts.join(', ') + '.';
}

/** Daylio's export is told apart by its header (docs/decisions/040). */
function isDaylioExport(text: string): boolean {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/, 1)[0] ?? '';
  return isDaylioHeader(firstLine.split(','));
}

/**
 * 'Import': checks the whole file first and shows what is ready and what is
 * wrong, line by line; imports only after the person confirms, with a
 * progress bar, and ends with a summary.
 */
export function ImportPanel() {
  const supabase = useDataClient();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const [step, setStep] = useState<Step>({ kind: 'idle' });

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const text = await file.text();
    if (isDaylioExport(text)) {
      setStep({
        kind: 'daylio',
        fileName: file.name,
        text,
        moodEnergy: {},
        check: checkDaylioFile(text),
      });
    } else {
      const check = checkImportFile(text);
      try {
        const account = await fetchOwnQuestions(supabase);
        const plan = planOwnAnswers(check.questions, check.entries, account);
        setStep({ kind: 'preview', fileName: file.name, check, plan, account });
      } catch (error) {
        setStep({ kind: 'unreadable', message: errorMessage(error) });
      }
    }
  }

  async function runImport(
    check: Pick<ImportCheck, 'entries'> & { reviews?: WeeklyReviewRow[] },
    ownQuestions?: { plan: OwnAnswersPlan; account: OwnQuestion[] },
  ) {
    const total = check.entries.length;
    setStep({ kind: 'importing', done: 0, total });
    try {
      // The questions the file needs are made first; then the entries with their answers.
      const entries: EntryWithAnswers[] = ownQuestions
        ? await readyToImport(supabase, check.entries, ownQuestions.plan, ownQuestions.account)
        : withoutFileAnswers(check.entries);
      const summary = await importEntries(supabase, entries, (done) =>
        setStep({ kind: 'importing', done, total }),
      );
      const reviews = check.reviews ?? [];
      const reviewsAdded = reviews.length > 0 ? await importReviews(supabase, reviews) : null;
      setStep({ kind: 'finished', summary, reviewsAdded });
    } catch (error) {
      const interrupted = error instanceof ImportInterrupted ? error : undefined;
      setStep({
        kind: 'failed',
        message: errorMessage(error),
        summary: interrupted?.summary ?? { added: 0, skipped: 0, conflicts: 0 },
        done: interrupted?.done ?? 0,
        total,
      });
    } finally {
      await queryClient.invalidateQueries();
    }
  }

  const busy = step.kind === 'importing';
  return (
    <div className="flex flex-col gap-3" aria-labelledby={headingId} role="group">
      <p id={headingId} className="sr-only">
        Import entries
      </p>
      <input
        ref={fileInput}
        type="file"
        accept=".csv,.json,text/csv,application/json"
        className="sr-only"
        tabIndex={-1}
        aria-label="File to import"
        data-testid="import-file"
        onChange={(event) => void readFile(event)}
      />
      <button
        type="button"
        className="btn-secondary w-full"
        disabled={busy}
        onClick={() => fileInput.current?.click()}
      >
        <Upload aria-hidden="true" className="size-5" />
        Import
      </button>

      {step.kind === 'preview' && (
        <ImportPreview
          fileName={step.fileName}
          check={step.check}
          plan={step.plan}
          onConfirm={() => void runImport(step.check, step)}
          onCancel={() => setStep({ kind: 'idle' })}
        />
      )}

      {step.kind === 'daylio' && (
        <DaylioPreview
          fileName={step.fileName}
          check={step.check}
          onMoodEnergy={(mood, energy) => {
            const moodEnergy = { ...step.moodEnergy, [mood]: energy };
            setStep({ ...step, moodEnergy, check: checkDaylioFile(step.text, moodEnergy) });
          }}
          onConfirm={() => void runImport(step.check)}
          onCancel={() => setStep({ kind: 'idle' })}
        />
      )}

      {step.kind === 'unreadable' && (
        <MessageBox kind="error">{`Could not read your questions: ${step.message}`}</MessageBox>
      )}

      {step.kind === 'importing' && (
        <div className="flex flex-col gap-2">
          <p id="import-progress-label" className="text-sm font-medium">
            Importing… {step.done} / {step.total}
          </p>
          <div
            role="progressbar"
            aria-labelledby="import-progress-label"
            aria-valuemin={0}
            aria-valuemax={step.total}
            aria-valuenow={step.done}
            className="h-3 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
          >
            <div
              className="h-full rounded-full bg-violet-700 transition-[width] dark:bg-violet-400"
              style={{ width: `${step.total ? (100 * step.done) / step.total : 0}%` }}
            />
          </div>
        </div>
      )}

      {step.kind === 'finished' && (
        <MessageBox kind="success">
          {`Import finished: ${summaryText(step.summary)}` +
            (step.reviewsAdded === null
              ? ''
              : ` ${plural(step.reviewsAdded, 'weekly review', 'weekly reviews')} added.`)}
        </MessageBox>
      )}

      {step.kind === 'failed' && (
        <MessageBox kind="error">
          {`Import stopped after ${step.done} of ${step.total} entries: ${step.message}. ` +
            `${summaryText(step.summary)} What was imported is saved; import the same file again to complete it.`}
        </MessageBox>
      )}
    </div>
  );
}

function ImportPreview({
  fileName,
  check,
  plan,
  onConfirm,
  onCancel,
}: {
  fileName: string;
  check: ImportCheck;
  plan: OwnAnswersPlan;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  // A wrong answer or question stops the whole import: an entry never lands
  // without the answers its file gave it.
  const blocked = plan.problems.length > 0;
  const ready = blocked ? 0 : check.entries.length;
  const reviews = blocked ? 0 : check.reviews.length;
  const problems = [...plan.problems, ...check.problems].sort((a, b) => a.line - b.line);
  const newQuestions = plan.newQuestions.map((q) => q.question);
  const box = useRef<HTMLDivElement>(null);
  // The preview opens below the fold on a phone: bring it into view.
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <div
      ref={box}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
    >
      <p className="text-sm" role="status">
        <span className="font-medium">{fileName}</span>: {plural(ready, 'entry', 'entries')} ready
        to import
        {reviews > 0 ? ` and ${plural(reviews, 'weekly review', 'weekly reviews')}` : ''}
        {problems.length > 0 ? `, ${plural(problems.length, 'problem', 'problems')} found` : ''}.
      </p>
      {!blocked && newQuestions.length > 0 && (
        <p className="text-sm">
          {`${plural(newQuestions.length, 'question', 'questions')} will be added to Your questions: `}
          {newQuestions.map((q) => `“${q}”`).join(', ')}.
        </p>
      )}
      {blocked && (
        <MessageBox kind="error">
          Nothing can be imported until the answers and questions named below are fixed.
        </MessageBox>
      )}
      <ImportProblemsAndConfirm
        problems={problems}
        ready={ready}
        readyReviews={reviews}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />
    </div>
  );
}
