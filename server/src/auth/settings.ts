import type { AppContext } from '../context.ts';

// GET /settings, shaped like GoTrue's internal/api/settings.go so that
// clients can discover which sign-in methods this server offers.

const OTHER_PROVIDERS = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'snapchat',
  'figma',
  'fly',
  'github',
  'gitlab',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'zoom',
] as const;

export interface SettingsJson {
  external: Record<string, boolean>;
  disable_signup: boolean;
  mailer_autoconfirm: boolean;
  phone_autoconfirm: boolean;
  sms_provider: string;
  saml_enabled: boolean;
}

export function settings(ctx: AppContext): SettingsJson {
  const external: Record<string, boolean> = Object.fromEntries(
    OTHER_PROVIDERS.map((provider) => [provider, false]),
  );
  external['email'] = true;
  external['phone'] = false;
  external['google'] = ctx.config.google.clientId !== '';
  return {
    external,
    disable_signup: false,
    // Without SMTP nobody could ever confirm an address, so sign-ups are
    // confirmed at once (docs/architecture.md 5).
    mailer_autoconfirm: ctx.mail === undefined,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  };
}
