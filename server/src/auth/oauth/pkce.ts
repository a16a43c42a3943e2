import { createHash, timingSafeEqual } from 'node:crypto';
import { badRequest } from '../request/errors.ts';

// The client side of PKCE (RFC 7636) as GoTrue checks it (internal/api/pkce.go):
// supabase-js sends a challenge when it starts a flow (/authorize, /signup)
// and the verifier when it exchanges the code (/token?grant_type=pkce).

export type ChallengeMethod = 's256' | 'plain';

export interface PkceChallenge {
  challenge: string;
  method: ChallengeMethod;
}

const MIN_CHALLENGE_LENGTH = 43;
const MAX_CHALLENGE_LENGTH = 128;
const CHALLENGE_CHARACTERS = /^[a-zA-Z._~0-9-]+$/;

/**
 * Both parameters or neither: with neither the client asked for the implicit
 * flow (undefined); with one of them the request is malformed.
 */
export function readPkceChallenge(challenge: string, method: string): PkceChallenge | undefined {
  if ((challenge === '') !== (method === '')) {
    throw badRequest(
      'validation_failed',
      'PKCE flow requires code_challenge_method and code_challenge',
    );
  }
  if (challenge === '') return undefined;
  if (challenge.length < MIN_CHALLENGE_LENGTH || challenge.length > MAX_CHALLENGE_LENGTH) {
    throw badRequest(
      'validation_failed',
      `code challenge has to be between ${MIN_CHALLENGE_LENGTH} and ${MAX_CHALLENGE_LENGTH} characters`,
    );
  }
  if (!CHALLENGE_CHARACTERS.test(challenge)) {
    throw badRequest(
      'validation_failed',
      'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    );
  }
  const normalized = method.toLowerCase();
  if (normalized !== 's256' && normalized !== 'plain') {
    throw badRequest('validation_failed', 'Invalid code_challenge_method');
  }
  return { challenge, method: normalized };
}

/** Whether the verifier presented at the exchange belongs to the stored challenge. */
export function verifierMatches(stored: PkceChallenge, verifier: string): boolean {
  const expected =
    stored.method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  const a = Buffer.from(expected);
  const b = Buffer.from(stored.challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}
