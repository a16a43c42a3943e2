import { createHmac, timingSafeEqual } from 'node:crypto';

// The token in a reminder's unsubscribe link: the person's id and an HMAC of
// it under a key derived from the server's JWT secret, so that only our
// server can make one, and one token turns off one person's reminders. It is
// a key of its own ("reminder-unsubscribe"), so that no other token of ours
// can stand in for it. Nothing is stored: a replica verifies what another made.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function unsubscribeKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('reminder-unsubscribe').digest();
}

function signature(key: Buffer, userId: string): Buffer {
  return createHmac('sha256', key).update(`unsubscribe:${userId}`).digest();
}

export function unsubscribeToken(key: Buffer, userId: string): string {
  return `${userId}.${signature(key, userId).toString('base64url')}`;
}

/** The person a token was made for, or undefined when our server did not make it. */
export function personOfUnsubscribeToken(key: Buffer, token: string): string | undefined {
  const [userId = '', given = '', ...rest] = token.split('.');
  if (rest.length > 0 || !UUID.test(userId)) return undefined;
  const expected = signature(key, userId);
  const presented = Buffer.from(given, 'base64url');
  // base64url decoding skips stray characters; only the exact text counts.
  if (presented.toString('base64url') !== given) return undefined;
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
    return undefined;
  }
  return userId;
}
