import { createContext, useContext } from 'react';
import type { JournalEntry } from '../entry.ts';
import type { OutboxRecord } from './outbox-store.ts';

/** How a save ended: stored by the server, kept on the device to send later, or refused. */
export type SaveOutcome =
  { status: 'sent' } | { status: 'waiting' } | { status: 'refused'; reason: string };

export interface Outbox {
  /** What waits on this device for the account, oldest first; refused ones carry their reason. */
  records: OutboxRecord[];
  /** Keeps the entry on the device first, then tries to send it. */
  save: (entry: JournalEntry) => Promise<SaveOutcome>;
  /** Gives a refused entry a new time and sends it again. */
  retime: (entryKey: string, createdAt: string) => Promise<void>;
  /** Drops an entry from the device without sending it. */
  discard: (entryKey: string) => Promise<void>;
}

export const OutboxContext = createContext<Outbox | null>(null);

/** The signed-in account's outbox; inside <OutboxProvider> only. */
export function useOutbox(): Outbox {
  const outbox = useContext(OutboxContext);
  if (!outbox) throw new Error('useOutbox needs <OutboxProvider>');
  return outbox;
}
