import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/database.ts';
import { RetryLaterError } from '../accounts/login-throttle.ts';
import { clientNetwork } from '../request/client-network.ts';
import { countHit } from '../request/sliding-window.ts';

// GoTrue's RATE_LIMIT_EMAIL_SENT: a cap on the messages the whole server sends
// in an hour, so that a script signing up addresses in bulk cannot ruin the
// reputation of the mail account (ADR 025). Counted over a sliding hour like
// the per-IP limits (request/sliding-window.ts). One client may use only a
// third of it: otherwise a dozen anonymous sign-ups from one place closed the
// cap for everyone for an hour. A client is its network (an IPv4 /24, an
// IPv6 /64), so that a few addresses of one allocation count as one (ADR 066).
//
// Mail anyone can send to an address of their choosing, a sign-up's
// confirmation or an address change's links, may spend two thirds of the
// cap, and one destination a third. A recovery link gives an account back
// to its owner, and strangers must not be able to starve it (ADR 089): it
// has an allowance per address that no other mail spends, it may use the
// whole cap, and an address's first recovery link of the hour goes out even
// when the cap is closed. A recovery reaches only an address that has an
// account, so what passes the cap is at most one message an account an hour.
// GoTrue counts only the whole server.

const WINDOW_SECONDS = 3600;
const SERVER_BUCKET = 'email-sent';
/** The part of the hourly cap one client or one destination may use. */
const SHARE = 3;
/** The part of the hourly cap that sign-ups and address changes may not spend. */
const RESERVE = 3;
/**
 * Recovery links one address may get in an hour, whatever else it was sent.
 * Anyone may ask for them, but each goes to the owner and the last one works,
 * so spending them sends the owner working links rather than starving them.
 */
export const RECOVERY_LINKS_PER_ADDRESS = 3;

export interface MailSend {
  /** The address the message goes to. */
  to: string;
  /** The address of the client whose request sends it. */
  clientIp: string;
  /** What the message is: a sign-up's confirmation, an address change's link, or a recovery link. */
  purpose: 'signup' | 'email_change' | 'recovery';
}

/** The cap refused a message; nothing was taken from any allowance. */
export class MailCapReached extends RetryLaterError {}

interface Allowance {
  bucket: string;
  limit: number;
}

/** Where one message counts, the narrow allowances first, so that a client over its own share does not spend the server's. */
function allowancesOf(perHour: number, send: MailSend): Allowance[] {
  const share = Math.max(1, Math.floor(perHour / SHARE));
  const address = send.to.trim().toLowerCase();
  const from = { bucket: `${SERVER_BUCKET}:from:${clientNetwork(send.clientIp)}`, limit: share };
  if (send.purpose === 'recovery') {
    return [
      { bucket: `${SERVER_BUCKET}:recovery-to:${address}`, limit: RECOVERY_LINKS_PER_ADDRESS },
      from,
    ];
  }
  return [{ bucket: `${SERVER_BUCKET}:to:${address}`, limit: share }, from];
}

/**
 * Takes one send from each allowance it counts against, or refuses with 429
 * and when to retry. When the server's cap refuses, the operator is warned
 * in the log, once an hour.
 */
export async function claimMailSend(
  db: Queryable,
  perHour: number,
  send: MailSend,
  log: FastifyBaseLogger,
): Promise<void> {
  const taken: string[] = [];
  const refuse = async (elapsed: number) => {
    // Not sent: give every slot back, so that refusals do not keep a cap closed.
    for (const given of taken) await giveBack(db, given);
    return new MailCapReached(
      'over_email_send_rate_limit',
      'Email rate limit exceeded',
      Math.max(1, Math.ceil(WINDOW_SECONDS - elapsed)),
    );
  };
  let firstRecovery = false;
  for (const { bucket, limit } of allowancesOf(perHour, send)) {
    const { hits, elapsed } = await countHit(db, bucket, WINDOW_SECONDS);
    taken.push(bucket);
    if (hits > limit) throw await refuse(elapsed);
    if (send.purpose === 'recovery' && taken.length === 1) firstRecovery = hits <= 1;
  }
  const serverLimit =
    send.purpose === 'recovery' ? perHour : perHour - Math.floor(perHour / RESERVE);
  const { hits, elapsed } = await countHit(db, SERVER_BUCKET, WINDOW_SECONDS);
  taken.push(SERVER_BUCKET);
  if (hits <= serverLimit || firstRecovery) return;
  warnCapClosed(db, log, perHour, send.purpose, elapsed);
  throw await refuse(elapsed);
}

// When each database's cap was last reported closed: one warning per closing.
const warnedAt = new WeakMap<Queryable, number>();

/** Tells the operator that the cap turned mail away: a person may be waiting for a link. */
function warnCapClosed(
  db: Queryable,
  log: FastifyBaseLogger,
  perHour: number,
  purpose: MailSend['purpose'],
  elapsed: number,
): void {
  const now = Date.now();
  const last = warnedAt.get(db);
  if (last !== undefined && now - last < WINDOW_SECONDS * 1000) return;
  warnedAt.set(db, now);
  log.warn(
    {
      sentPerHour: perHour,
      refused: purpose,
      reopensWithinSeconds: Math.max(1, Math.ceil(WINDOW_SECONDS - elapsed)),
    },
    'mail cap reached: sign-ups and address changes get no mail until the hour has passed ' +
      "(each address's first recovery link of the hour still goes out); " +
      'raise RATE_LIMIT_EMAIL_SENT_PER_HOUR if this is real use',
  );
}

function giveBack(db: Queryable, bucket: string): Promise<unknown> {
  return db.query(
    `UPDATE auth.rate_limits SET hits = hits - 1
      WHERE bucket = $1 AND window_start = to_timestamp(floor(extract(epoch FROM now()) / $2) * $2)`,
    [bucket, WINDOW_SECONDS],
  );
}
