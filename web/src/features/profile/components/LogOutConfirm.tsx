import { useEffect, useRef } from 'react';

interface Props {
  waiting: number;
  onConfirm: () => void;
  onCancel: () => void;
}

/** docs/product.md: Log Out asks first when entries have not reached the server yet. */
export const logOutQuestion = (waiting: number) =>
  `${waiting === 1 ? '1 entry is' : `${waiting} entries are`} waiting to sync. Logging out deletes ${
    waiting === 1 ? 'it' : 'them'
  } from this device. Log out anyway?`;

export function LogOutConfirm({ waiting, onConfirm, onCancel }: Props) {
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => question.current?.focus(), []);
  return (
    <div role="alertdialog" aria-labelledby="log-out-question" className="flex flex-col gap-3">
      <p
        id="log-out-question"
        ref={question}
        tabIndex={-1}
        className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
      >
        {logOutQuestion(waiting)}
      </p>
      <div className="flex gap-3">
        <button type="button" className="btn-secondary flex-1" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="btn-danger flex-1" onClick={onConfirm}>
          Log Out and Delete
        </button>
      </div>
    </div>
  );
}
