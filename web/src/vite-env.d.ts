/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SUPABASE_URL?: string;
  readonly VITE_SUPABASE_ANON_KEY?: string;
  /** 'false' hides nothing but makes 'Continue with Google' explain it is off. */
  readonly VITE_GOOGLE_ENABLED?: string;
  readonly VITE_PASSWORD_RECOVERY?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
}
