import type { Queryable } from '../../db/database.ts';
import { RetryLaterError } from '../accounts/login-throttle.ts';
import { clientNetwork } from '../request/client-network.ts';
import { countHit } from '../request/sliding-window.ts';

// GoTrue's RATE_LIMIT_EMAIL_SENT: a cap on the messages the whole server sends
// in an hour, so that a script signing up addresses in bulk cannot ruin the
// reputation of the mail account (ADR 025). Counted over a sliding hour like
// the per-IP limits (request/sliding-window.ts). One client, or one
// destination, may use only a third of it: otherwise a dozen anonymous
// sign-ups from one place closed the cap for everyone for an hour. A client
// is its network (an IPv4 /24, an IPv6 /64), so that a few addresses of one
// allocation count as one. Sign-ups may not spend the last third, kept for
// the mail that gives an existing account back to its owner (recovery) or
// moves it (address change): three clients' sign-ups used to close the cap
// and then a recovery silently sent nothing (ADR 066). GoTrue counts only the
// whole server.

const WINDOW_SECONDS = 3600;
const SERVER_BUCKET = 'email-sent';
/** The part of the hourly cap one client or one destination may use. */
const SHARE = 3;
/** The part of the hourly cap that sign-ups may not spend. */
const RESERVE = 3;

export interface MailSend {
  /** The address the message goes to. */
  to: string;
  /** The address of the client whose request sends it. */
  clientIp: string;
  /** A sign-up's confirmation, or mail about an existing account (recovery, address change). */
  purpose: 'signup' | 'account';
}

/** The cap refused a message; nothing was taken from any allowance. */
export class MailCapReached extends RetryLaterError {}

/** Takes one send from each allowance it counts against, or refuses with 429 and when to retry. */
export async function claimMailSend(db: Queryable, perHour: number, send: MailSend): Promise<void> {
  const share = Math.max(1, Math.floor(perHour / SHARE));
  // The narrow allowances first, so that a client over its own share does
  // not spend the server's.
  const serverLimit = send.purpose === 'signup' ? perHour - Math.floor(perHour / RESERVE) : perHour;
  const allowances: [string, number][] = [
    [`${SERVER_BUCKET}:to:${send.to.trim().toLowerCase()}`, share],
    [`${SERVER_BUCKET}:from:${clientNetwork(send.clientIp)}`, share],
    [SERVER_BUCKET, serverLimit],
  ];
  const taken: string[] = [];
  for (const [bucket, limit] of allowances) {
    const { hits, elapsed } = await countHit(db, bucket, WINDOW_SECONDS);
    taken.push(bucket);
    if (hits <= limit) continue;
    // Not sent: give every slot back, so that refusals do not keep a cap closed.
    for (const given of taken) await giveBack(db, given);
    throw new MailCapReached(
      'over_email_send_rate_limit',
      'Email rate limit exceeded',
      Math.max(1, Math.ceil(WINDOW_SECONDS - elapsed)),
    );
  }
}

function giveBack(db: Queryable, bucket: string): Promise<unknown> {
  return db.query(
    `UPDATE auth.rate_limits SET hits = hits - 1
      WHERE bucket = $1 AND window_start = to_timestamp(floor(extract(epoch FROM now()) / $2) * $2)`,
    [bucket, WINDOW_SECONDS],
  );
}
