import * as Slider from '@radix-ui/react-slider';
import { useId } from 'react';

interface Props {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
}

/** A labelled single-thumb slider with its value shown (Radix: arrows, Page keys, Home/End). */
export function RangeSlider({ label, value, onChange, min = 0, max = 100 }: Props) {
  const labelId = useId();
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between text-sm">
        <span id={labelId} className="font-medium text-slate-700 dark:text-slate-200">
          {label}
        </span>
        <span aria-hidden="true" className="text-slate-600 tabular-nums dark:text-slate-300">
          {value}%
        </span>
      </div>
      <Slider.Root
        className="relative flex h-6 w-full touch-none items-center select-none"
        min={min}
        max={max}
        step={1}
        value={[value]}
        onValueChange={([next]) => onChange(next ?? min)}
      >
        <Slider.Track className="relative h-1.5 grow rounded-full bg-slate-200 dark:bg-slate-700">
          <Slider.Range className="absolute h-full rounded-full bg-violet-600 dark:bg-violet-400" />
        </Slider.Track>
        <Slider.Thumb
          aria-labelledby={labelId}
          aria-valuetext={`${value}%`}
          className="block size-6 rounded-full border-2 border-violet-700 bg-white shadow dark:border-violet-400 dark:bg-slate-900"
        />
      </Slider.Root>
    </div>
  );
}
