import type { Locator, Page } from 'playwright-core';

/** One entry of the Look Back list as the user reads it. */
export interface ListedActivity {
  name: string;
  /** The date and time text, e.g. 'Nov 22, 2:30 AM'. */
  when: string;
  energy: string;
  engagement: string;
  flow: boolean;
  notes: string | null;
}

export const activityList = (page: Page): Locator => page.getByRole('list', { name: 'Activities' });

export const emptyMessage = (page: Page, text: EmptyText): Locator =>
  page.getByRole('status').filter({ hasText: new RegExp(`^${text.replace('.', '\\.')}$`) });

export type EmptyText = 'No activities recorded yet.' | 'No activities match the filters.';

/** Reads every entry of the list, top to bottom. */
export async function readActivityList(page: Page): Promise<ListedActivity[]> {
  const items = await activityList(page).getByRole('listitem').all();
  return Promise.all(items.map(readItem));
}

/** The names in the list, top to bottom ([] when there is no list). */
export async function listedNames(page: Page): Promise<string[]> {
  if ((await activityList(page).count()) === 0) return [];
  return activityList(page).getByRole('listitem').getByRole('heading').allTextContents();
}

async function readItem(item: Locator): Promise<ListedActivity> {
  // The visible text with the screen-reader labels, e.g. "Energy 30% Engagement 20%".
  const text = (await item.innerText()).replace(/\s+/g, ' ');
  const paragraph = item.getByRole('paragraph');
  return {
    name: (await item.getByRole('heading').textContent()) ?? '',
    when: normaliseSpaces((await item.locator('time').textContent()) ?? ''),
    energy: /Energy (\d+%)/.exec(text)?.[1] ?? 'missing',
    engagement: /Engagement (\d+%)/.exec(text)?.[1] ?? 'missing',
    flow: (await item.getByText('Flow', { exact: true }).count()) > 0,
    notes: (await paragraph.count()) > 0 ? await paragraph.textContent() : null,
  };
}

// The list's own format: short month, day, hour and minute (docs/product.md 2), in the
// en-US locale and UTC zone every test context uses.
const LIST_TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
});

/** Every date text the list may show for a moment between `from` and `to`. */
export function listTimesBetween(from: Date, to: Date): string[] {
  const times = new Set<string>();
  for (let t = from.getTime(); t < to.getTime(); t += 30_000) {
    times.add(normaliseSpaces(LIST_TIME.format(t)));
  }
  times.add(normaliseSpaces(LIST_TIME.format(to)));
  return [...times];
}

// ICU versions differ on the space before AM/PM (U+202F or U+0020); the
// browser's and Node's may not agree, and a reader cannot tell them apart.
const normaliseSpaces = (text: string) => text.replace(/\s+/g, ' ');
