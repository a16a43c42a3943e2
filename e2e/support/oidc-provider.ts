import { Events, OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll } from 'vitest';

/** The Google account the provider signs in as: the claims Google puts in an ID token. */
export interface GoogleAccount {
  sub: string;
  email: string;
  name: string;
  given_name: string;
  family_name: string;
  picture: string;
}

export interface OidcProvider {
  /** The issuer URL, for the server's GOOGLE_ISSUER. */
  readonly issuer: string;
  /** Whose ID tokens the provider issues from now on. */
  signInAs(account: GoogleAccount): void;
  /** The next authorization comes back with this OAuth error instead of a code. */
  refuseNext(error: string, description: string): void;
}

/**
 * A real OpenID Connect provider on loopback standing in for Google, for the
 * whole test file: discovery, JWKS, signed ID tokens, PKCE checked at its
 * token endpoint. Its authorize endpoint has no login page: it sends the
 * browser straight back with a code for the account named by `signInAs`.
 * Register it before useApp(), whose env can then name its issuer.
 */
export function useOidcProvider(): OidcProvider {
  const server = new OAuth2Server();
  let account: GoogleAccount | undefined;

  beforeAll(async () => {
    await server.issuer.keys.generate('RS256');
    await server.start(0, '127.0.0.1');
    // Google's claims, in the ID token and at userinfo alike.
    server.service.on(Events.BeforeTokenSigning, (token) => {
      if (account) Object.assign(token.payload, account, { email_verified: true });
    });
    server.service.on(Events.BeforeUserinfo, (response) => {
      if (account) response.body = { ...account, email_verified: true };
    });
  });

  afterAll(async () => {
    if (server.listening) await server.stop();
  });

  return {
    get issuer() {
      const url = server.issuer.url;
      if (!url) throw new Error('the OpenID provider is not started yet');
      return url;
    },
    signInAs(next) {
      account = next;
    },
    refuseNext(error, description) {
      server.service.once(Events.BeforeAuthorizeRedirect, ({ url }) => {
        url.searchParams.delete('code');
        url.searchParams.set('error', error);
        url.searchParams.set('error_description', description);
      });
    },
  };
}
