import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * Moves the keyboard focus to `element` with Tab, as a keyboard user would.
 * (A click on a dial would also set its value from where it lands.)
 */
export async function tabTo(user: UserEvent, element: HTMLElement): Promise<void> {
  for (let presses = 0; presses < 30 && document.activeElement !== element; presses++) {
    await user.tab();
  }
  expect(element).toHaveFocus();
}
