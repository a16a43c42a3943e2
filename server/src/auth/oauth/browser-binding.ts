import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FLOW_STATE_LIFETIME_SECONDS } from './flow-state.ts';

// An implicit-flow Google sign-in hands a session to whichever browser opens
// the callback URL. Without a tie to the browser that started it, an attacker
// could start a sign-in with their own Google account and make a victim's
// browser finish it (login CSRF), so the victim writes their journal into the
// attacker's account. A PKCE flow needs no cookie: its code is worthless
// without the verifier kept by the app that started it.
//
// The cookie lives only on the callback path and for one flow's lifetime; its
// name carries the flow id so that two sign-ins started in one browser do not
// overwrite each other's binding.

const CALLBACK_PATH = '/auth/v1/callback';

const cookieName = (flowId: string) => `et-oauth-${flowId}`;

const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');

/** Sets the binding cookie on the reply and returns the hash to store with the flow. */
export function bindFlowToBrowser(
  request: FastifyRequest,
  reply: FastifyReply,
  flowId: string,
): string {
  const secret = randomBytes(32).toString('base64url');
  reply.header('Set-Cookie', cookie(request, flowId, secret, FLOW_STATE_LIFETIME_SECONDS));
  return hashOf(secret);
}

/** Whether the browser sending this request holds the cookie the flow was bound to. */
export function browserHoldsFlow(request: FastifyRequest, flowId: string, bindingHash: string) {
  const sent = readCookie(request.headers.cookie, cookieName(flowId));
  if (sent === undefined) return false;
  const expected = Buffer.from(bindingHash, 'hex');
  const actual = Buffer.from(hashOf(sent), 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The cookie has done its job once the callback has been answered. */
export function forgetBrowserBinding(request: FastifyRequest, reply: FastifyReply, flowId: string) {
  reply.header('Set-Cookie', cookie(request, flowId, '', 0));
}

function cookie(request: FastifyRequest, flowId: string, value: string, maxAge: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${cookieName(flowId)}=${value}; Path=${CALLBACK_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}
