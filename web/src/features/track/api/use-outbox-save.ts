import { useState } from 'react';
import { useOutbox } from '../../../journal/outbox/outbox-context.tsx';
import type { JournalEntry } from '../../../journal/entry.ts';

/** Whether the saved entry reached the server or waits on the device. */
export type SavedWhere = 'sent' | 'waiting';

interface Callbacks {
  onSuccess: (where: SavedWhere) => void;
  /** The server refused the entry; it is not kept (the form still holds it). */
  onError: (error: Error) => void;
}

/**
 * Save Activity through the outbox (docs/decisions/041): the entry is kept
 * on the device before anything else, so a save always works; it reaches the
 * server now or later. Shaped like the mutation it replaces.
 */
export function useOutboxSave() {
  const outbox = useOutbox();
  const [isPending, setPending] = useState(false);
  function mutate(entry: JournalEntry, { onSuccess, onError }: Callbacks) {
    setPending(true);
    outbox
      .save(entry)
      .then((outcome) =>
        outcome.status === 'refused'
          ? onError(new Error(outcome.reason))
          : onSuccess(outcome.status),
      )
      .catch((error: unknown) => onError(error instanceof Error ? error : new Error(String(error))))
      .finally(() => setPending(false));
  }
  return { mutate, isPending };
}
