import { useState } from 'react';
import { CircularDial } from '../../src/components/circular-dial/CircularDial.tsx';

interface Props {
  initialValue?: number;
  /** Every value the dial reported, in order. */
  reported?: number[];
}

/** The Energy dial as TrackTab uses it: a controlled value in a parent's state. */
export function DialHarness({ initialValue = 0, reported }: Props) {
  const [value, setValue] = useState(initialValue);
  return (
    <CircularDial
      label="Energy"
      measure="energy"
      value={value}
      resetTitle="Reset energy"
      onChange={(next) => {
        reported?.push(next);
        setValue(next);
      }}
    />
  );
}

/** Centre and size of the dial the pointer tests lay out (jsdom has no layout of its own). */
export const DIAL_BOX = { left: 100, top: 50, size: 200 } as const;
const CENTER_X = DIAL_BOX.left + DIAL_BOX.size / 2;
const CENTER_Y = DIAL_BOX.top + DIAL_BOX.size / 2;

/** Gives the dial the box a browser would lay it out in. */
export function layOutDial(dial: HTMLElement): void {
  const { left, top, size } = DIAL_BOX;
  dial.getBoundingClientRect = () => ({
    x: left,
    y: top,
    left,
    top,
    width: size,
    height: size,
    right: left + size,
    bottom: top + size,
    toJSON: () => ({}),
  });
}

/**
 * The client coordinates of the point on the ring at `fraction` of a turn,
 * clockwise from the top (0.25 is three o'clock).
 */
export function pointAt(fraction: number): { clientX: number; clientY: number } {
  const radians = fraction * 2 * Math.PI;
  const radius = DIAL_BOX.size / 2 - 10;
  return {
    clientX: CENTER_X + radius * Math.sin(radians),
    clientY: CENTER_Y - radius * Math.cos(radians),
  };
}
