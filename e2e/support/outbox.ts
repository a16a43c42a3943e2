import type { BrowserContext, Locator, Page } from 'playwright-core';
import { waitUntil } from './wait.ts';

/** Console lines of a page without a network: failed reads, lazy chunks the worker could not serve. */
export const OFFLINE_ERRORS =
  /^(console\.error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED|pageerror: Failed to fetch dynamically imported module|console\.error: An unknown error occurred when fetching the script)/;
/** The write that stores an entry's answers (the outbox's send). */
export const ANSWER_WRITES = /\/rest\/v1\/user_answers(\?|$)/;
/** supabase-js refreshing the session. */
export const REFRESH = /\/auth\/v1\/token\?grant_type=refresh_token/;

/**
 * The session refreshes and the outbox's sends the context makes from now
 * on, in order ('refresh', 'send'): an expired session must be refreshed
 * before its entry is sent.
 */
export function refreshesAndSends(context: BrowserContext): string[] {
  const order: string[] = [];
  context.on('request', (request) => {
    if (REFRESH.test(request.url())) order.push('refresh');
    if (request.method() === 'POST' && ANSWER_WRITES.test(request.url())) order.push('send');
  });
  return order;
}

/** Makes the server unreachable for the outbox's sends (reads still pass): the saves wait. */
export async function failAnswerWrites(page: Page): Promise<void> {
  await page.route(ANSWER_WRITES, (route) =>
    route.request().method() === 'POST' ? route.abort('failed') : route.fallback(),
  );
}

/** The header's count of entries kept on the device (docs/product.md). */
export const waitingIndicator = (page: Page): Locator =>
  page.getByRole('button', { name: /waiting to sync$/ });

/** The toast of a save kept on the device. */
export const savedOnDeviceToast = (page: Page): Locator =>
  page.getByRole('status').filter({
    hasText: /^Saved on this device\. It will be sent when you are online\.$/,
  });

export interface StoredAnswer {
  entry_key: string | null;
  created_at: string;
  answer: string | null;
}

/**
 * Rows of the data API for the signed-in person, read as the app reads them
 * (their token, row-level security): `path` is what follows /rest/v1/.
 */
export function rowsAsSignedIn<Row>(page: Page, path: string): Promise<Row[]> {
  return page.evaluate(async (path) => {
    const config = (await (await fetch('/config.json')).json()) as { supabaseAnonKey: string };
    const key = Object.keys(localStorage).find((name) => /^sb-.*-auth-token$/.test(name));
    const session = JSON.parse(localStorage.getItem(key ?? '') ?? 'null') as {
      access_token: string;
    } | null;
    if (!session) throw new Error('no session in this page');
    const response = await fetch(`/rest/v1/${path}`, {
      headers: {
        apikey: config.supabaseAnonKey,
        Authorization: `Bearer ${session.access_token}`,
      },
    });
    if (!response.ok) throw new Error(`reading ${path}: ${response.status}`);
    return (await response.json()) as Row[];
  }, path);
}

/** What the server stores for the signed-in person. */
export const storedAnswers = (page: Page): Promise<StoredAnswer[]> =>
  rowsAsSignedIn<StoredAnswer>(page, 'user_answers?select=entry_key,created_at,answer');

/** Stored entries by key: how many answer rows each has and at how many instants. */
export async function storedEntries(page: Page) {
  const byKey = new Map<string, { rows: number; times: Set<string>; answers: string[] }>();
  for (const row of await storedAnswers(page)) {
    const key = row.entry_key ?? 'none';
    const entry = byKey.get(key) ?? { rows: 0, times: new Set(), answers: [] };
    entry.rows += 1;
    entry.times.add(row.created_at);
    if (row.answer !== null) entry.answers.push(row.answer);
    byKey.set(key, entry);
  }
  return byKey;
}

/** The entries in this account's outbox (IndexedDB), as the page holds them. */
export function outboxRecords(page: Page): Promise<{ entryKey: string; refusal?: string }[]> {
  return page.evaluate(async () => {
    const names = (await indexedDB.databases()).map((db) => db.name ?? '');
    const name = names.find((db) => db.startsWith('energy-tracker-journal-'));
    if (!name) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      if (!db.objectStoreNames.contains('outbox')) return [];
      return await new Promise<{ entryKey: string; refusal?: string }[]>((resolve, reject) => {
        const request = db.transaction('outbox').objectStore('outbox').getAll();
        request.onsuccess = () => resolve(request.result as { entryKey: string }[]);
        request.onerror = () => reject(request.error);
      });
    } finally {
      db.close();
    }
  });
}

/** Names of the journal's IndexedDB databases on this device. */
export const journalDatabases = (page: Page) =>
  page.evaluate(async () =>
    (await indexedDB.databases())
      .map((db) => db.name ?? '')
      .filter((name) => name.startsWith('energy-tracker-journal-')),
  );

/**
 * Saves an activity with only its name (dials at 0), as a hurried person
 * does, and waits for the form to empty: the save ended, sent or kept.
 */
export async function quickSave(page: Page, activity: string): Promise<void> {
  const name = page.getByPlaceholder('What are you doing?');
  await name.fill(activity);
  await page.getByRole('button', { name: 'Save Activity' }).click();
  await waitUntil(async () => (await name.inputValue()) === '', `the save of ${activity}`);
}

/**
 * Rewrites the stored session as if its access token had expired (and, with
 * `refreshToken`, as if its refresh token were one the server no longer
 * knows: revoked). supabase-js reads it from storage at its next use.
 */
export function ageSession(page: Page, refreshToken?: string): Promise<void> {
  return page.evaluate((replacement) => {
    const key = Object.keys(localStorage).find((name) => /^sb-.*-auth-token$/.test(name));
    if (!key) throw new Error('no session in this page');
    const session = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
    session['expires_at'] = Math.floor(Date.now() / 1000) - 60;
    if (replacement) session['refresh_token'] = replacement;
    localStorage.setItem(key, JSON.stringify(session));
  }, refreshToken);
}

/**
 * The query keys of the answers kept on the device (docs/decisions/045), in
 * the journal database of the account with this id, or in every journal
 * database when no id is given; [] when there is none.
 */
export function keptAnswerKeys(page: Page, userId?: string): Promise<unknown[][]> {
  return page.evaluate(async (id) => {
    const keys: unknown[][] = [];
    const names = (await indexedDB.databases())
      .map((db) => db.name ?? '')
      .filter((name) =>
        id === undefined
          ? name.startsWith('energy-tracker-journal-')
          : name === `energy-tracker-journal-${id}`,
      );
    for (const name of names) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        if (!db.objectStoreNames.contains('answers')) continue;
        const answers = await new Promise<{ queryKey: unknown[] }[]>((resolve, reject) => {
          const request = db.transaction('answers').objectStore('answers').getAll();
          request.onsuccess = () => resolve(request.result as { queryKey: unknown[] }[]);
          request.onerror = () => reject(request.error);
        });
        keys.push(...answers.map((answer) => answer.queryKey));
      } finally {
        db.close();
      }
    }
    return keys;
  }, userId);
}

/** The id of the account whose session this page holds. */
export const sessionUserId = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => /^sb-.*-auth-token$/.test(name));
    const session = JSON.parse(localStorage.getItem(key ?? '') ?? 'null') as {
      user: { id: string };
    } | null;
    if (!session) throw new Error('no session in this page');
    return session.user.id;
  });
