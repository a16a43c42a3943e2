import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DialHarness } from '../support/dial-harness.tsx';

async function focusedDial(initialValue = 0) {
  const user = userEvent.setup();
  const reported: number[] = [];
  render(<DialHarness initialValue={initialValue} reported={reported} />);
  const dial = screen.getByRole('slider', { name: 'Energy' });
  await user.tab();
  expect(dial).toHaveFocus();
  return { user, dial, reported };
}

/** Presses each key in turn and checks the value the dial shows after it. */
async function pressEach(
  user: Awaited<ReturnType<typeof focusedDial>>['user'],
  dial: HTMLElement,
  steps: Array<[key: string, percent: string]>,
) {
  for (const [key, percent] of steps) {
    await user.keyboard(key);
    expect(dial).toHaveAttribute('aria-valuenow', percent);
  }
}

describe('the dial from the keyboard', () => {
  it('steps up by 10 % with ArrowUp and ArrowRight, down with ArrowDown and ArrowLeft', async () => {
    const { user, dial } = await focusedDial(0.5);
    await pressEach(user, dial, [
      ['{ArrowUp}', '60'],
      ['{ArrowRight}', '70'],
      ['{ArrowDown}', '60'],
      ['{ArrowLeft}', '50'],
    ]);
  });

  it('jumps to 0 % with Home and to 100 % with End', async () => {
    const { user, dial } = await focusedDial(0.42);
    await pressEach(user, dial, [
      ['{End}', '100'],
      ['{Home}', '0'],
    ]);
  });

  it('stays within 0–100 % when stepped past either end', async () => {
    const { user, dial, reported } = await focusedDial(0.95);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(dial).toHaveAttribute('aria-valuenow', '100');
    expect(reported).toEqual([1, 1]);

    await user.keyboard('{Home}{ArrowDown}{ArrowLeft}');
    expect(dial).toHaveAttribute('aria-valuenow', '0');
    expect(reported.slice(2)).toEqual([0, 0, 0]);
  });

  it('reaches exactly 0.3 after three steps, without floating-point dust', async () => {
    const { user, dial, reported } = await focusedDial();
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(dial).toHaveAttribute('aria-valuenow', '30');
    // 0.1 + 0.1 + 0.1 is 0.30000000000000004 in plain floating point.
    expect(reported).toEqual([0.1, 0.2, 0.3]);
  });

  it('walks all ten steps up and back down through exact tenths', async () => {
    const { user, dial, reported } = await focusedDial();
    await pressEach(user, dial, [
      ['{ArrowUp>10/}', '100'],
      ['{ArrowDown>10/}', '0'],
    ]);
    const tenths = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => n / 10);
    expect(reported).toEqual([...tenths, ...tenths.reverse().slice(1), 0]);
  });

  it('ignores other keys', async () => {
    const { user, dial, reported } = await focusedDial(0.2);
    await user.keyboard('a{Enter} {PageUp}');
    expect(dial).toHaveAttribute('aria-valuenow', '20');
    expect(reported).toEqual([]);
  });
});
