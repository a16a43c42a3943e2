/** What the app needs to know about the deployment it runs in. */
export interface RuntimeConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  googleEnabled: boolean;
  /** The server can mail a password-reset link ('Forgot password?'). */
  passwordRecovery: boolean;
  supportEmail: string;
  /**
   * The reminder channels our server can send on; absent where no server of
   * ours sends reminders (a hosted Supabase project).
   */
  reminders?: { email: boolean };
  /** The server's Web Push key (ADR 043); null where nothing sends notifications. */
  webPush?: { vapidPublicKey: string } | null;
}

const DEFAULT_SUPPORT_EMAIL = 'support@energy-tracker.local';

/**
 * Build-time VITE_ variables win (a pure front end on a hosted Supabase
 * project); otherwise the serving origin's /config.json, so one build serves
 * every deployment.
 */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const env = import.meta.env;
  if (env.VITE_SUPABASE_URL && env.VITE_SUPABASE_ANON_KEY) {
    return {
      supabaseUrl: env.VITE_SUPABASE_URL,
      supabaseAnonKey: env.VITE_SUPABASE_ANON_KEY,
      googleEnabled: env.VITE_GOOGLE_ENABLED !== 'false',
      // A hosted Supabase project sends e-mail.
      passwordRecovery: env.VITE_PASSWORD_RECOVERY !== 'false',
      supportEmail: env.VITE_SUPPORT_EMAIL || DEFAULT_SUPPORT_EMAIL,
      // No reminders or webPush: no server of ours sends them for a hosted project.
    };
  }
  // index.html has already asked for it (a preload, docs/decisions/029); a
  // fetch with the same mode and credentials takes that answer.
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
  return parseRuntimeConfig(await response.json());
}

export function parseRuntimeConfig(body: unknown): RuntimeConfig {
  const value = (body ?? {}) as Partial<Record<keyof RuntimeConfig, unknown>>;
  if (typeof value.supabaseUrl !== 'string' || typeof value.supabaseAnonKey !== 'string') {
    throw new Error('/config.json lacks supabaseUrl or supabaseAnonKey');
  }
  return {
    supabaseUrl: value.supabaseUrl,
    supabaseAnonKey: value.supabaseAnonKey,
    googleEnabled: value.googleEnabled === true,
    passwordRecovery: value.passwordRecovery === true,
    supportEmail:
      typeof value.supportEmail === 'string' && value.supportEmail
        ? value.supportEmail
        : DEFAULT_SUPPORT_EMAIL,
    ...(value.reminders
      ? { reminders: { email: (value.reminders as { email?: unknown }).email === true } }
      : {}),
    webPush: parseWebPush(value.webPush),
  };
}

function parseWebPush(value: unknown): RuntimeConfig['webPush'] {
  const key = (value as { vapidPublicKey?: unknown } | null)?.vapidPublicKey;
  // Checked as a key by pushManager.subscribe, which refuses a malformed one.
  return typeof key === 'string' ? { vapidPublicKey: key } : null;
}
