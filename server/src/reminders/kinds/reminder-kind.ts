import type { Queryable } from '../../db/database.ts';

// A kind of scheduled reminder: what it says, and how its due reminders are
// claimed in the database for each channel. The runs (runs/) and the test
// button send every kind the same way; a new kind is a file in this folder
// that exports a ReminderKind, named once in all-kinds.ts.

/**
 * What a reminder says: nothing from the journal, because mail and push
 * services carry it; only the weekly review's `line` names one activity
 * (docs/decisions/073).
 */
export interface ReminderWords {
  /** The e-mail's subject and first line; the notification's title. */
  question: string;
  /** A sentence under the question, in the e-mail and as the notification's body. */
  line?: string;
  /** The link's words in the e-mail: "Log it in Energy Tracker". */
  linkText: string;
  /** Where the e-mail's link goes, on the site. */
  mailPath: string;
  /** Where a tap on the notification goes, on the site. */
  pushPath: string;
  /** A newer notification with the same topic replaces one not yet shown. */
  pushTopic: string;
}

/** A reminder claimed for one person's address. */
export interface EmailClaim {
  user_id: string;
  email: string;
  /** What markSent and release need to find the claim again. */
  key: unknown[];
  /** This reminder's own words, when a kind's depend on the person; else the kind's. */
  words?: ReminderWords;
}

/** A reminder claimed for one of a person's push subscriptions. */
export interface PushClaim {
  user_id: string;
  subscription_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  key: unknown[];
  /** This reminder's own words, when a kind's depend on the person; else the kind's. */
  words?: ReminderWords;
}

/** One channel's claims of one kind: each due reminder is claimed once across replicas. */
export interface ClaimBook<Claim> {
  /** Claims the reminders due at `at` for this replica, and answers them. */
  claim(db: Queryable, at: Date): Promise<Claim[]>;
  /** The reminder arrived: it is never sent again. */
  markSent(db: Queryable, claim: Claim): Promise<void>;
  /** Not sent this run: the next run may claim it again while it is due. */
  release(db: Queryable, claim: Claim): Promise<void>;
}

export interface ReminderKind {
  /** Named in logs. */
  name: string;
  words: ReminderWords;
  email: ClaimBook<EmailClaim>;
  push: ClaimBook<PushClaim>;
}
