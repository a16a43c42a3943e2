import { useRef, useState } from 'react';
import { CardSection } from '../../../components/CardSection.tsx';
import { MessageBox } from '../../../components/MessageBox.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import {
  SHOWN_QUESTIONS_MAX,
  useOwnQuestions,
  type OwnQuestion,
} from '../../../journal/own-questions.ts';
import { refusalText, useShowQuestion } from '../api/own-questions.ts';
import { QuestionForm } from './QuestionForm.tsx';

const TYPE_TEXT: Record<OwnQuestion['answer_type'], string> = {
  yes_no: 'Yes or no',
  number: 'Number',
  scale: 'Scale 1 to 5',
  text: 'Short text',
};

/** "Number in h, 0 to 24, once a day": how the question is answered and when. */
function summary(q: OwnQuestion): string {
  const parts = [TYPE_TEXT[q.answer_type] + (q.unit ? ` in ${q.unit}` : '')];
  if (q.lowest !== null && q.highest !== null) parts.push(`${q.lowest} to ${q.highest}`);
  else if (q.lowest !== null) parts.push(`at least ${q.lowest}`);
  else if (q.highest !== null) parts.push(`at most ${q.highest}`);
  parts.push(q.asked === 'day' ? 'once a day' : 'with every entry');
  return parts.join(', ');
}

/**
 * "Your questions" (docs/product.md, Profile; docs/decisions/084): the
 * person's own questions, asked on Track beside the journal's. Each can be
 * changed, hidden (no longer asked, its answers kept) and shown again; at
 * most 20 are not hidden.
 */
export function OwnQuestionsSection() {
  const questions = useOwnQuestions();
  const show = useShowQuestion();
  // The question open in the form: 'new', one being changed, or none.
  const [open, setOpen] = useState<'new' | number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const all = questions.data ?? [];
  const atLimit = all.filter((q) => q.active).length >= SHOWN_QUESTIONS_MAX;

  function close(didSave: boolean) {
    setOpen(null);
    setSaved(didSave ? 'Question saved' : null);
    addButton.current?.focus();
  }

  function setShown(question: OwnQuestion, active: boolean) {
    setFailure(null);
    setSaved(null);
    show.mutate(
      { id: question.id, active },
      {
        onSuccess: () => setSaved(active ? 'Question shown again' : 'Question hidden'),
        onError: (error) => setFailure(refusalText(error)),
      },
    );
  }

  return (
    <CardSection
      headingId="own-questions-heading"
      title="Your questions"
      className="flex flex-col gap-3"
    >
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Questions of your own, asked on Track with every entry or once a day.
      </p>
      {questions.isPending ? (
        <Spinner label="Loading your questions" />
      ) : questions.isError ? (
        <MessageBox kind="error">{`Error loading your questions: ${errorMessage(questions.error)}`}</MessageBox>
      ) : (
        all.length > 0 && (
          <ul className="flex flex-col gap-2" aria-labelledby="own-questions-heading">
            {all.map((question) =>
              open === question.id ? (
                <li key={question.id}>
                  <QuestionForm question={question} onClose={close} />
                </li>
              ) : (
                <QuestionItem
                  key={question.id}
                  question={question}
                  busy={show.isPending || open !== null}
                  onEdit={() => {
                    setSaved(null);
                    setFailure(null);
                    setOpen(question.id);
                  }}
                  onShow={(active) => setShown(question, active)}
                />
              ),
            )}
          </ul>
        )
      )}
      {failure && <MessageBox kind="error">{failure}</MessageBox>}
      {saved && <MessageBox kind="success">{saved}</MessageBox>}
      {atLimit && (
        <p id="own-questions-limit" className="text-sm text-slate-700 dark:text-slate-200">
          {`You have ${SHOWN_QUESTIONS_MAX} questions that are not hidden, the most there can be. Hide one to add another.`}
        </p>
      )}
      {open === 'new' ? (
        <QuestionForm onClose={close} />
      ) : (
        <button
          ref={addButton}
          type="button"
          className="btn-secondary w-full"
          disabled={atLimit || open !== null || !questions.isSuccess}
          aria-describedby={atLimit ? 'own-questions-limit' : undefined}
          onClick={() => {
            setSaved(null);
            setFailure(null);
            setOpen('new');
          }}
        >
          Add a question
        </button>
      )}
    </CardSection>
  );
}

interface ItemProps {
  question: OwnQuestion;
  busy: boolean;
  onEdit: () => void;
  onShow: (active: boolean) => void;
}

function QuestionItem({ question, busy, onEdit, onShow }: ItemProps) {
  const textId = `own-question-${question.id}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-2 first:border-t-0 first:pt-0 dark:border-slate-700">
      <div id={textId} className="min-w-0">
        <p className="font-medium break-words">
          {question.question}
          {!question.active && (
            <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-300">
              (hidden)
            </span>
          )}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-300">{summary(question)}</p>
      </div>
      <div className="flex gap-2">
        {/* Named by the action; described by the question, so each is told apart. */}
        <button
          type="button"
          className="btn-secondary min-h-11 px-3 text-sm"
          aria-describedby={textId}
          disabled={busy}
          onClick={onEdit}
        >
          Edit
        </button>
        <button
          type="button"
          className="btn-secondary min-h-11 px-3 text-sm"
          aria-describedby={textId}
          disabled={busy}
          onClick={() => onShow(!question.active)}
        >
          {question.active ? 'Hide' : 'Show again'}
        </button>
      </div>
    </li>
  );
}
