import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CircularDial } from '../../src/components/circular-dial/CircularDial.tsx';
import { DialHarness } from '../support/dial-harness.tsx';

/** The Engagement dial held at one value, as a parent that ignores changes would hold it. */
function fixedDial(value: number) {
  return (
    <CircularDial
      label="Engagement"
      measure="engagement"
      value={value}
      onChange={() => {}}
      resetTitle="Reset engagement"
    />
  );
}

function renderFixedDial(value: number) {
  const view = render(fixedDial(value));
  return { ...view, dial: within(view.container).getByRole('slider', { name: 'Engagement' }) };
}

describe('the dial value as shown and announced', () => {
  it('is a slider from 0 to 100 that announces its value as a percentage', () => {
    const { dial } = renderFixedDial(0.37);
    expect(dial).toHaveAttribute('aria-valuemin', '0');
    expect(dial).toHaveAttribute('aria-valuemax', '100');
    expect(dial).toHaveAttribute('aria-valuenow', '37');
    expect(dial).toHaveAttribute('aria-valuetext', '37%');
    expect(dial).toHaveTextContent('37%');
    expect(dial).toHaveAttribute('tabindex', '0');
  });

  it.each([
    { value: 0, percent: 0 },
    { value: 0.004, percent: 0 },
    { value: 0.005, percent: 1 },
    { value: 0.014, percent: 1 },
    { value: 0.5, percent: 50 },
    { value: 0.994, percent: 99 },
    { value: 0.995, percent: 100 },
    { value: 0.999, percent: 100 },
    { value: 1, percent: 100 },
  ])('shows $value as $percent%', ({ value, percent }) => {
    const { dial } = renderFixedDial(value);
    expect(dial).toHaveAttribute('aria-valuenow', String(percent));
    expect(dial).toHaveAttribute('aria-valuetext', `${percent}%`);
    expect(dial).toHaveTextContent(`${percent}%`);
  });

  it('rounds every half percent up, as it does 0.005', () => {
    const { dial, rerender } = renderFixedDial(0);
    const wrong: string[] = [];
    for (let whole = 0; whole < 100; whole++) {
      const value = (whole + 0.5) / 100;
      rerender(fixedDial(value));
      const shown = dial.getAttribute('aria-valuenow');
      if (shown !== String(whole + 1)) wrong.push(`${value} → ${shown}`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps values outside 0–1 within 0–100 %', () => {
    expect(renderFixedDial(-0.2).dial).toHaveAttribute('aria-valuenow', '0');
    expect(renderFixedDial(1.3).dial).toHaveAttribute('aria-valuenow', '100');
  });

  it.each([
    { value: 0.35, intensity: 'low' },
    { value: 0.36, intensity: 'medium' },
    { value: 0.7, intensity: 'medium' },
    { value: 0.71, intensity: 'high' },
  ])('at $value takes the $intensity colour (thresholds 35 and 70)', ({ value, intensity }) => {
    expect(renderFixedDial(value).dial).toHaveAttribute('data-intensity', intensity);
  });
});

describe('the reset button', () => {
  it("is titled after its dial and sets the dial's value to 0 %", async () => {
    const user = userEvent.setup();
    render(<DialHarness initialValue={0.64} />);
    const dial = screen.getByRole('slider', { name: 'Energy' });
    expect(dial).toHaveAttribute('aria-valuenow', '64');

    const reset = screen.getByRole('button', { name: 'Reset energy' });
    expect(reset).toHaveAttribute('title', 'Reset energy');
    await user.click(reset);
    expect(dial).toHaveAttribute('aria-valuenow', '0');
    expect(dial).toHaveAttribute('aria-valuetext', '0%');
  });
});
