import { OAuth2Server } from 'oauth2-mock-server';

// A real OpenID Connect provider on loopback standing in for Google: it
// serves discovery, a JWKS and signed ID tokens; its authorize endpoint
// answers at once (no login page) with a code for whoever `signInAs` names.

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
  issuer: string;
  server: OAuth2Server;
  /** The account the next ID tokens are issued for. */
  signInAs(account: ProviderAccount): void;
  stop(): Promise<void>;
}

export async function startOidcProvider(): Promise<OidcProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  let account: ProviderAccount = { sub: 'nobody' };
  server.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, account);
  });
  const issuer = server.issuer.url;
  if (!issuer) throw new Error('the OpenID provider did not report its URL');
  return {
    issuer,
    server,
    signInAs(next) {
      account = next;
    },
    stop: () => server.stop(),
  };
}
