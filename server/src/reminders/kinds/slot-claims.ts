import type { Queryable } from '../../db/database.ts';

// Settling a claim kept as a row keyed by its owner (a person for e-mail, a
// subscription for push), the local date and the slot, as
// journal_private.reminder_sends and push_sends are: a sent reminder's row
// stays (never sent again), a released one's is deleted, so the next run may
// claim it again while it is due. A kind whose claims are such rows uses these.

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
