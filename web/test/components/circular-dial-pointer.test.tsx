import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DialHarness, layOutDial, pointAt } from '../support/dial-harness.tsx';

function renderDial(initialValue = 0) {
  const user = userEvent.setup();
  render(<DialHarness initialValue={initialValue} />);
  const dial = screen.getByRole('slider', { name: 'Energy' });
  layOutDial(dial);
  return { user, dial };
}

type User = ReturnType<typeof userEvent.setup>;

/**
 * Moves the pointer over the dial through these fractions of a turn: pressed
 * at the first unless the button is already held, and let go at the end
 * unless it is to stay held.
 */
function drag(
  user: User,
  dial: HTMLElement,
  fractions: number[],
  { press = true, release = true }: { press?: boolean; release?: boolean } = {},
) {
  const moves = fractions.map((fraction, index) => ({
    ...(press && index === 0 ? { keys: '[MouseLeft>]' } : {}),
    target: dial,
    coords: pointAt(fraction),
  }));
  return user.pointer(release ? [...moves, { keys: '[/MouseLeft]', target: dial }] : moves);
}

describe('the dial under the pointer', () => {
  it.each([
    { fraction: 0.25, percent: '25' },
    { fraction: 0.5, percent: '50' },
    { fraction: 0.75, percent: '75' },
    { fraction: 0.125, percent: '13' },
    { fraction: 0.9, percent: '90' },
  ])(
    'a click $fraction of a turn clockwise from the top sets $percent%',
    async ({ fraction, percent }) => {
      const { user, dial } = renderDial();
      await user.pointer({ keys: '[MouseLeft]', target: dial, coords: pointAt(fraction) });
      expect(dial).toHaveAttribute('aria-valuenow', percent);
      expect(dial).toHaveAttribute('aria-valuetext', `${percent}%`);
    },
  );

  it('follows a drag while the button is held, and ignores moves after release', async () => {
    const { user, dial } = renderDial();
    await drag(user, dial, [0.2, 0.3, 0.42]);
    expect(dial).toHaveAttribute('aria-valuenow', '42');

    await user.pointer({ target: dial, coords: pointAt(0.6) });
    expect(dial).toHaveAttribute('aria-valuenow', '42');
  });

  it('stops at 100 % when dragged clockwise across the top, instead of wrapping to 0', async () => {
    const { user, dial } = renderDial();
    await drag(user, dial, [0.9, 0.97, 0.03, 0.1], { release: false });
    expect(dial).toHaveAttribute('aria-valuenow', '100');

    // Coming back across the top, it follows the pointer again.
    await drag(user, dial, [0.97, 0.88], { press: false });
    expect(dial).toHaveAttribute('aria-valuenow', '88');
  });

  it('stops at 0 % when dragged anticlockwise across the top, instead of wrapping to 100', async () => {
    const { user, dial } = renderDial();
    await drag(user, dial, [0.1, 0.02, 0.95, 0.8]);
    expect(dial).toHaveAttribute('aria-valuenow', '0');
  });

  it('takes the keyboard focus when pressed, so the arrow keys work next', async () => {
    const { user, dial } = renderDial();
    await user.pointer({ keys: '[MouseLeft]', target: dial, coords: pointAt(0.5) });
    expect(dial).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(dial).toHaveAttribute('aria-valuenow', '60');
  });
});
