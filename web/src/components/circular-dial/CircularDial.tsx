import { RotateCcw } from 'lucide-react';
import { useId, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { FILL_CLASS, STROKE_CLASS, intensityOf, type Measure } from '../../lib/intensity-colors.ts';
import { angleToValue, clampValue, KEYBOARD_STEP, toPercent } from './dial-math.ts';

/** docs/product.md 9: the dial's radius, in the SVG's own units. */
export const DIAL_RADIUS = 50;
const CENTER = 60;
const CIRCUMFERENCE = 2 * Math.PI * DIAL_RADIUS;
/** The track and the value arc are the same ring. */
const RING = { cx: CENTER, cy: CENTER, r: DIAL_RADIUS, fill: 'none', strokeWidth: 10 } as const;

interface Props {
  label: string;
  measure: Measure;
  /** 0 to 1. */
  value: number;
  onChange: (value: number) => void;
  resetTitle: string;
}

/**
 * A circular slider: drag or click on the ring, or use the keyboard (arrows
 * step 0.1, Home/End). The value is 0–1 and shows as a whole percentage.
 */
export function CircularDial({ label, measure, value, onChange, resetTitle }: Props) {
  const labelId = useId();
  const dial = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const percent = toPercent(value);
  const intensity = intensityOf(percent);
  const angle = value * 2 * Math.PI;

  function valueAt(event: PointerEvent): number {
    const box = dial.current?.getBoundingClientRect();
    if (!box) return value;
    const dx = event.clientX - (box.left + box.width / 2);
    const dy = event.clientY - (box.top + box.height / 2);
    return angleToValue(Math.atan2(dx, -dy));
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    event.preventDefault();
    dragging.current = true;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    event.currentTarget.focus();
    onChange(valueAt(event));
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!dragging.current) return;
    const next = valueAt(event);
    // Dragging past the top must stop at an end, not jump from 100 % to 0 %.
    if (Math.abs(next - value) > 0.5) onChange(value > 0.5 ? 1 : 0);
    else onChange(next);
  }

  function stopDragging() {
    dragging.current = false;
  }

  function onKeyDown(event: KeyboardEvent) {
    const next = {
      ArrowUp: value + KEYBOARD_STEP,
      ArrowRight: value + KEYBOARD_STEP,
      ArrowDown: value - KEYBOARD_STEP,
      ArrowLeft: value - KEYBOARD_STEP,
      Home: 0,
      End: 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    onChange(clampValue(next));
  }

  return (
    <div className="flex flex-col items-center gap-2">
      <span id={labelId} className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {label}
      </span>
      <div
        ref={dial}
        role="slider"
        tabIndex={0}
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        data-intensity={intensity}
        className="relative aspect-square w-full max-w-36 cursor-pointer touch-none rounded-full select-none"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={stopDragging}
        onPointerCancel={stopDragging}
        onKeyDown={onKeyDown}
      >
        <svg viewBox="0 0 120 120" className="size-full" aria-hidden="true">
          <circle {...RING} className="stroke-slate-200 dark:stroke-slate-800" />
          <circle
            {...RING}
            strokeLinecap="round"
            strokeDasharray={CIRCUMFERENCE}
            strokeDashoffset={CIRCUMFERENCE * (1 - value)}
            transform={`rotate(-90 ${CENTER} ${CENTER})`}
            className={`${STROKE_CLASS[measure][intensity]} transition-[stroke] duration-200`}
          />
          <circle
            cx={CENTER + DIAL_RADIUS * Math.sin(angle)}
            cy={CENTER - DIAL_RADIUS * Math.cos(angle)}
            r={8}
            strokeWidth={3}
            className={`${FILL_CLASS[measure][intensity]} stroke-white dark:stroke-slate-900`}
          />
        </svg>
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 flex items-center justify-center text-2xl font-semibold tabular-nums"
        >
          {percent}%
        </span>
      </div>
      <button
        type="button"
        title={resetTitle}
        aria-label={resetTitle}
        onClick={() => onChange(0)}
        className="inline-flex size-11 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
      >
        <RotateCcw aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
