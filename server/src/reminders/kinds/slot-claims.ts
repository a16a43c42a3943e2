import type { Queryable } from '../../db/database.ts';
import type { ClaimBook, EmailClaim, PushClaim, ReminderWords } from './reminder-kind.ts';

// Claims kept as rows keyed by their owner (a person for e-mail, a
// subscription for push), the local date and the slot, as
// journal_private.reminder_sends and push_sends are. A function of
// journal_private claims one channel's due reminders of a kind as such rows
// and answers the ones this replica is to send, with what sending needs. A
// sent reminder's row stays (never sent again), a released one's is deleted,
// so the next run may claim it again while it is due.

export interface SlotClaimTable {
  /** journal_private.reminder_sends or push_sends, or a kind's own of the same shape. */
  table: string;
  /** The column that, with local_date and slot, keys a claim. */
  owner: string;
}

/** markSent and release for claims whose key is [owner, local_date, slot]. */
export function settleSlotClaims({ table, owner }: SlotClaimTable) {
  return {
    async markSent(db: Queryable, claim: { key: unknown[] }) {
      await db.query(
        `UPDATE ${table} SET outcome = 'sent'
         WHERE ${owner} = $1 AND local_date = $2 AND slot = $3`,
        claim.key,
      );
    },
    async release(db: Queryable, claim: { key: unknown[] }) {
      await db.query(
        `DELETE FROM ${table}
         WHERE ${owner} = $1 AND local_date = $2 AND slot = $3 AND outcome = 'sending'`,
        claim.key,
      );
    },
  };
}

/** A kind's two claiming functions in journal_private, and what more they answer. */
export interface SlotClaimFunctions<Extra> {
  /** Answers user_id, email, local_date, slot and the `extra` columns. */
  email: string;
  /** Answers subscription_id, user_id, endpoint, p256dh, auth, local_date, slot and `extra`. */
  push: string;
  /** Columns both answer beyond those, for `words`. */
  extra?: ReadonlyArray<keyof Extra & string>;
  /** Words of each reminder's own, from its `extra` columns; else the kind's words. */
  words?: (extra: Extra) => ReminderWords;
}

interface SlotRow {
  local_date: string;
  slot: string;
}

type EmailRow = Pick<EmailClaim, 'user_id' | 'email'>;
type PushRow = Pick<PushClaim, 'subscription_id' | 'user_id' | 'endpoint' | 'p256dh' | 'auth'>;

/** One channel's claims: what each carries, as the functions answer it, and where it is kept. */
interface Channel<Row> {
  /** Each field of a claim and the SQL that answers it (ids as text). */
  columns: Record<keyof Row & string, string>;
  /** Its owner column, with local_date and slot, keys a claim. */
  table: SlotClaimTable & { owner: keyof Row & string };
}

const EMAIL: Channel<EmailRow> = {
  columns: { user_id: 'user_id::text', email: 'email' },
  table: { table: 'journal_private.reminder_sends', owner: 'user_id' },
};

const PUSH: Channel<PushRow> = {
  columns: {
    subscription_id: 'subscription_id::text',
    user_id: 'user_id::text',
    endpoint: 'endpoint',
    p256dh: 'p256dh',
    auth: 'auth',
  },
  // A deleted subscription's claims go with it (ON DELETE CASCADE).
  table: { table: 'journal_private.push_sends', owner: 'subscription_id' },
};

const SLOT_COLUMNS = ['local_date::text AS local_date', 'slot'];

function claimBook<Row extends object, Extra extends object>(
  channel: Channel<Row>,
  fn: string,
  extra: readonly string[],
  ownWords: (row: Extra) => { words?: ReminderWords },
): ClaimBook<Row & { key: unknown[]; words?: ReminderWords }> {
  const fields = Object.keys(channel.columns) as (keyof Row & string)[];
  const select = [
    ...fields.map((field) => `${channel.columns[field]} AS ${field}`),
    ...SLOT_COLUMNS,
    ...extra,
  ].join(', ');
  return {
    async claim(db, at) {
      const { rows } = await db.query<Row & SlotRow & Extra>(
        `SELECT ${select} FROM journal_private.${fn}($1)`,
        [at.toISOString()],
      );
      return rows.map((row) => ({
        ...(Object.fromEntries(fields.map((field) => [field, row[field]])) as Row),
        key: [row[channel.table.owner], row.local_date, row.slot],
        ...ownWords(row),
      }));
    },
    ...settleSlotClaims(channel.table),
  };
}

/**
 * A kind's e-mail and push claims, made by its two functions as rows of
 * journal_private.reminder_sends (e-mail) and push_sends (one a subscription).
 */
export function slotClaimBooks<Extra extends object>({
  email,
  push,
  extra = [],
  words,
}: SlotClaimFunctions<Extra>): { email: ClaimBook<EmailClaim>; push: ClaimBook<PushClaim> } {
  const ownWords = (row: Extra) => (words ? { words: words(row) } : {});
  return {
    email: claimBook(EMAIL, email, extra, ownWords),
    push: claimBook(PUSH, push, extra, ownWords),
  };
}
