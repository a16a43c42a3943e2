// One person signed up through our own auth API, as the web app does.

export interface Account {
  anonKey: string;
  accessToken: string;
  userId: string;
  /** Question ids by their text, from the data API like the web app reads them. */
  questions: { id: number; question: string }[];
}

async function json(res: Response): Promise<Record<string, unknown>> {
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

export async function signUp(url: string): Promise<Account> {
  const config = await json(await fetch(`${url}/config.json`));
  const anonKey = String(config['supabaseAnonKey']);
  const email = `bench-${Date.now()}@example.com`;
  const session = await json(
    await fetch(`${url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'a long bench password 1' }),
    }),
  );
  const accessToken = String(session['access_token']);
  const user = session['user'] as { id: string };
  const headers = { apikey: anonKey, authorization: `Bearer ${accessToken}` };
  const res = await fetch(`${url}/rest/v1/questions?select=id,question&active=eq.true`, {
    headers,
  });
  if (!res.ok) throw new Error(`questions: ${res.status}`);
  const questions = (await res.json()) as Account['questions'];
  return { anonKey, accessToken, userId: user.id, questions };
}

/** The two history pages the web app asks for: the first, and a filtered one. */
export function historyPaths(account: Account): Record<'history' | 'filtered', string> {
  const base =
    '/rest/v1/activities?select=created_at,activity,energy,engagement,flow_state,notes' +
    `&user_id=eq.${account.userId}`;
  const page = '&order=created_at.desc&limit=50';
  return {
    history: base + page,
    filtered: `${base}&energy=gte.50&flow_state=eq.true${page}`,
  };
}
