import type { Config } from './config.ts';

// Configurations that work but leave a door open that an operator should
// know about; the server says so at every start (docs/security.md).

export function securityWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (!config.mail) {
    warnings.push(
      'SMTP_URL is not set: sign-ups are confirmed without proof that the address is ' +
        "the person's, e-mail changes apply at once, and nobody can recover a forgotten " +
        'password by e-mail (an operator must reset it).',
    );
    if (config.google.clientId !== '') {
      warnings.push(
        'Google sign-in is on but SMTP_URL is not set: addresses of password sign-ups are ' +
          'never proven, so a Google sign-in with such an address is refused instead of ' +
          'linked (an impostor may have signed up with it). Set SMTP_URL so that addresses ' +
          'are proven by a link.',
      );
    }
  }
  return warnings;
}
