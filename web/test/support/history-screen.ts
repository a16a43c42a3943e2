import { screen, within } from '@testing-library/react';

/** The list items of the history, top to bottom. */
export function shownItems(): HTMLElement[] {
  const list = screen.queryByRole('list', { name: 'Activities' });
  return list ? within(list).getAllByRole('listitem') : [];
}

/** The activity names of the history, top to bottom. */
export function shownActivities(): string[] {
  return shownItems().map((item) => within(item).getByRole('heading').textContent ?? '');
}

/** The list item showing the activity `name`. */
export function itemFor(name: string): HTMLElement {
  const item = shownItems().find((li) => within(li).queryByRole('heading', { name }));
  if (!item) throw new Error(`no history item for ${name}`);
  return item;
}
