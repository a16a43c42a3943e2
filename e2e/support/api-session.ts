import { createClient } from '@supabase/supabase-js';
import type { Page } from 'playwright-core';
import { PASSWORD, trackHeading } from './app-steps.ts';

// A signed-in person for a journey that is not about signing in
// (docs/testing.md, "The browser"): signed up through the auth API, as
// supabase-js does it, and the session handed to the page where the app
// keeps it. The form is driven only by the files that test the form.

/** The app's own client settings: the anon key the server hands every page. */
async function anonKeyOf(url: string): Promise<string> {
  const config = (await (await fetch(`${url}/config.json`)).json()) as { supabaseAnonKey: string };
  return config.supabaseAnonKey;
}

/** Signs `email` up through /auth/v1 and opens Track in `page` with that session. */
export async function signUpThroughApi(
  page: Page,
  url: string,
  email: string,
  password = PASSWORD,
): Promise<void> {
  // supabase-js keeps the session under the key the app's client reads too
  // (web/src/session/auth-client.ts): what it stored is copied to the page.
  const kept = new Map<string, string>();
  const client = createClient(url, await anonKeyOf(url), {
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: {
        getItem: (key) => kept.get(key) ?? null,
        setItem: (key, value) => void kept.set(key, value),
        removeItem: (key) => void kept.delete(key),
      },
    },
  });
  const { data, error } = await client.auth.signUp({ email, password });
  if (error) throw error;
  if (!data.session)
    throw new Error(`sign-up of ${email} gave no session (e-mail confirmation on?)`);
  // Any page of the origin gives access to its storage; robots.txt loads no app.
  await page.goto('/robots.txt');
  await page.evaluate(
    (items) => {
      for (const [key, value] of items) localStorage.setItem(key, value);
    },
    [...kept],
  );
  await page.goto('/');
  await trackHeading(page).waitFor();
}
