import { createErrandAuthClient, type AuthClient } from '../../../session/auth-client.ts';
import type { RuntimeConfig } from '../../../session/runtime-config.ts';

// Turning two-step sign-in on and off through supabase-js's auth.mfa.

export interface NewAuthenticator {
  factorId: string;
  /** An SVG data URL to show as an image. */
  qrCode: string;
  /** The same secret as text, for typing into an app by hand. */
  secret: string;
}

const FRIENDLY_NAME = 'Authenticator app';

/** The QR code as the server drew it, made safe for an <img src>: `#` would end a URL. */
function svgDataUrl(qrCode: string): string {
  const svg = qrCode.replace(/^data:image\/svg\+xml;[^,]*,/, '');
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * The server adds or removes an authenticator only within 15 minutes of a
 * sign-in (docs/decisions/064), and supabase-js cannot send the password
 * along: so, when asked, the app signs in again with it first. The new
 * session is one step; turning off then needs the app's code in it too.
 */
export async function signInAgain(auth: AuthClient, email: string, password: string) {
  const { error } = await auth.signInWithPassword({ email, password });
  if (error) throw error;
}

/** The server's answer when the sign-in is too old for this change. */
export function needsFreshSignIn(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === 'reauthentication_needed'
  );
}

export async function startAuthenticatorSetup(auth: AuthClient): Promise<NewAuthenticator> {
  const { data, error } = await auth.mfa.enroll({
    factorType: 'totp',
    friendlyName: FRIENDLY_NAME,
  });
  if (error) throw error;
  return { factorId: data.id, qrCode: svgDataUrl(data.totp.qr_code), secret: data.totp.secret };
}

/**
 * What making the first recovery codes came to: the codes to show once;
 * none, where the server makes none; or a refusal because the sign-in is
 * older than 15 minutes (docs/decisions/088), which a new sign-in mends.
 */
export type RecoveryCodesOutcome = { made: string[] } | { made: null; needsFreshSignIn: boolean };

/**
 * Confirms the app with its first code, then makes the recovery codes to show
 * once. Two-step sign-in is on once the code is confirmed, so a refusal then
 * must not read as a failed setup: hosted Supabase offers recovery codes only
 * where a project enabled them, and ours only within 15 minutes of a sign-in.
 * After such a refusal and a new sign-in, the same two steps make the codes.
 */
export async function finishAuthenticatorSetup(
  auth: AuthClient,
  factorId: string,
  code: string,
): Promise<RecoveryCodesOutcome> {
  await passSecondStep(auth, factorId, code);
  return makeRecoveryCodes(auth);
}

/**
 * Makes the recovery codes of an authenticator just set up, after the server
 * refused them for an old sign-in: a new sign-in, with the password and then
 * the app's code, on a client of its own, ended once they are made. Signing
 * in again in the app's client would pass through the second step, where the
 * app shows its own page instead of Profile, and the codes would arrive at a
 * card no longer there.
 */
export async function makeRecoveryCodesWithNewSignIn(
  config: RuntimeConfig,
  {
    email,
    password,
    factorId,
    code,
  }: { email: string; password: string; factorId: string; code: string },
): Promise<RecoveryCodesOutcome> {
  const errand = createErrandAuthClient(config);
  try {
    await signInAgain(errand, email, password);
    return await finishAuthenticatorSetup(errand, factorId, code);
  } finally {
    // Its session served this errand only.
    await errand.signOut({ scope: 'local' }).catch(() => {});
    errand.dispose();
  }
}

/** Makes recovery codes for a session that has passed the second step. */
async function makeRecoveryCodes(auth: AuthClient): Promise<RecoveryCodesOutcome> {
  try {
    const generated = await auth.mfa.recoveryCodes.generate();
    if (!generated.error) return { made: generated.data.codes };
    return { made: null, needsFreshSignIn: needsFreshSignIn(generated.error) };
  } catch {
    // supabase-js throws, rather than answers, when its experimental API is off.
    return { made: null, needsFreshSignIn: false };
  }
}

/** Raises the session to aal2 with a code from the app (typed with or without a space). */
async function passSecondStep(auth: AuthClient, factorId: string, code: string): Promise<void> {
  const verified = await auth.mfa.challengeAndVerify({ factorId, code: code.replace(/\s/g, '') });
  if (verified.error) throw verified.error;
}

/** Turns the app off; `code`, when given, first raises a session just signed in to aal2. */
export async function turnOffTwoStep(auth: AuthClient, factorId: string, code = ''): Promise<void> {
  if (code !== '') await passSecondStep(auth, factorId, code);
  const { error } = await auth.mfa.unenroll({ factorId });
  if (error) throw error;
  // The session's copy of the user still lists the factor; a refresh brings the new one.
  const refreshed = await auth.refreshSession();
  if (refreshed.error) throw refreshed.error;
}

/** Recovery codes as people copy them: groups of four. */
export function groupedCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}
