import { Events, OAuth2Server } from 'oauth2-mock-server';
import { peerForFile } from './peer-for-file.ts';

// A real OpenID Connect provider on loopback standing in for Google: it
// serves discovery, a JWKS and signed ID tokens, and checks PKCE at its token
// endpoint; its authorize endpoint has no login page and answers at once with
// a code for whoever `signInAs` names. The server's tests and the browser
// tests use this one provider.

/** The claims the provider puts in its ID tokens and userinfo, as Google does. */
export interface ProviderAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
  /** Only to forge a token meant for another client. */
  aud?: string;
}

export interface OidcProvider {
  /** The issuer URL, for the server's GOOGLE_ISSUER. */
  readonly issuer: string;
  readonly server: OAuth2Server;
  /** Whose ID tokens the provider issues from now on. */
  signInAs(account: ProviderAccount): void;
  /** The next authorization comes back with this OAuth error instead of a code. */
  refuseNext(error: string, description: string): void;
  stop(): Promise<void>;
}

export async function startOidcProvider(): Promise<OidcProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  let account: ProviderAccount = { sub: 'nobody' };
  server.service.on(Events.BeforeTokenSigning, (token) => {
    Object.assign(token.payload, account);
  });
  server.service.on(Events.BeforeUserinfo, (response) => {
    response.body = { ...account };
  });
  const issuer = server.issuer.url;
  if (!issuer) throw new Error('the OpenID provider did not report its URL');
  return {
    issuer,
    server,
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
    stop: () => server.stop(),
  };
}

/** A provider for a whole test file; register it before anything that names its issuer. */
export function useOidcProvider(): OidcProvider {
  return peerForFile('the OpenID provider', startOidcProvider, (provider) => provider.stop());
}
