import * as oidc from 'openid-client';
import type { Config } from '../../config.ts';

// Our side of Google sign-in as an OpenID Connect relying party: the
// authorization code flow with our own PKCE toward the provider, the ID token
// verified by openid-client (signature from the provider's JWKS, issuer,
// audience, expiry). Endpoints come from OpenID discovery at GOOGLE_ISSUER,
// so tests point it at a local provider.

/** What we take from a verified ID token. */
export interface ProviderIdentity {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  givenName: string | undefined;
  familyName: string | undefined;
  picture: string | undefined;
}

export class ProviderUnavailableError extends Error {}

const PROVIDER_TIMEOUT_SECONDS = 10;

// One discovery per issuer and process; a failed one is forgotten so that the
// next sign-in tries again instead of failing until a restart.
const discoveries = new Map<string, Promise<oidc.Configuration>>();

function providerConfiguration(google: Config['google']): Promise<oidc.Configuration> {
  const key = `${google.issuer} ${google.clientId}`;
  let pending = discoveries.get(key);
  if (!pending) {
    const issuer = new URL(google.issuer);
    pending = oidc
      .discovery(issuer, google.clientId, undefined, oidc.ClientSecretPost(google.clientSecret), {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        // Plain http only for a provider on this machine (tests, local
        // development); config.ts refuses any other http issuer.
        execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      })
      .catch((err: unknown) => {
        discoveries.delete(key);
        throw new ProviderUnavailableError(
          `OpenID discovery at ${google.issuer} failed: ${describe(err)}`,
        );
      });
    discoveries.set(key, pending);
  }
  return pending;
}

export interface AuthorizationRequest {
  callbackUrl: string;
  state: string;
  codeVerifier: string;
  scopes: string;
  /** Passed through to the provider, e.g. access_type=offline, prompt. */
  extra: Record<string, string>;
}

export async function providerAuthorizationUrl(
  google: Config['google'],
  request: AuthorizationRequest,
): Promise<string> {
  const configuration = await providerConfiguration(google);
  const url = oidc.buildAuthorizationUrl(configuration, {
    ...request.extra,
    redirect_uri: request.callbackUrl,
    response_type: 'code',
    scope: request.scopes,
    state: request.state,
    code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
    code_challenge_method: 'S256',
  });
  return url.href;
}

export const newProviderCodeVerifier = (): string => oidc.randomPKCECodeVerifier();

export class ProviderExchangeError extends Error {}

/**
 * Trades the code the provider sent back for tokens and returns the verified
 * ID token's identity. `callbackUrl` must be the redirect_uri sent at the
 * start; openid-client derives the token request's redirect_uri from it.
 */
export async function exchangeProviderCode(
  google: Config['google'],
  callback: { callbackUrl: string; query: URLSearchParams; state: string; codeVerifier: string },
): Promise<ProviderIdentity> {
  const configuration = await providerConfiguration(google);
  const currentUrl = new URL(callback.callbackUrl);
  currentUrl.search = callback.query.toString();
  let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
  try {
    tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
      expectedState: callback.state,
      pkceCodeVerifier: callback.codeVerifier,
      idTokenExpected: true,
    });
  } catch (err) {
    throw new ProviderExchangeError(describe(err));
  }
  const claims = tokens.claims();
  if (!claims) throw new ProviderExchangeError('the provider sent no ID token');
  return {
    issuer: claims.iss,
    subject: claims.sub,
    email: typeof claims['email'] === 'string' ? claims['email'] : undefined,
    // Google sends a boolean; some providers send the string "true".
    emailVerified: claims['email_verified'] === true || claims['email_verified'] === 'true',
    name: text(claims['name']),
    givenName: text(claims['given_name']),
    familyName: text(claims['family_name']),
    picture: text(claims['picture']),
  };
}

const text = (claim: unknown): string | undefined =>
  typeof claim === 'string' && claim !== '' ? claim : undefined;

function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? ` (${err.cause.message})` : '';
  return `${err.message}${cause}`;
}
