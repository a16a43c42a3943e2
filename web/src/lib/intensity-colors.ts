/** docs/product.md 9: 35 % or lower is low, up to 70 % medium, above 70 % high. */
export type Intensity = 'low' | 'medium' | 'high';

export function intensityOf(percent: number): Intensity {
  if (percent <= 35) return 'low';
  if (percent <= 70) return 'medium';
  return 'high';
}

export type Measure = 'energy' | 'engagement';

/** Energy: grey, amber, darker amber. Engagement: grey, light violet, darker violet. */
export const STROKE_CLASS: Record<Measure, Record<Intensity, string>> = {
  energy: {
    low: 'stroke-slate-400 dark:stroke-slate-500',
    medium: 'stroke-amber-400',
    high: 'stroke-amber-600 dark:stroke-amber-500',
  },
  engagement: {
    low: 'stroke-slate-400 dark:stroke-slate-500',
    medium: 'stroke-violet-400',
    high: 'stroke-violet-700 dark:stroke-violet-500',
  },
};

export const FILL_CLASS: Record<Measure, Record<Intensity, string>> = {
  energy: {
    low: 'fill-slate-400 dark:fill-slate-500',
    medium: 'fill-amber-400',
    high: 'fill-amber-600 dark:fill-amber-500',
  },
  engagement: {
    low: 'fill-slate-400 dark:fill-slate-500',
    medium: 'fill-violet-400',
    high: 'fill-violet-700 dark:fill-violet-500',
  },
};

/** Icon colour for a value in the history list: the same scale as the dials. */
export const TEXT_CLASS: Record<Measure, Record<Intensity, string>> = {
  energy: {
    low: 'text-slate-400 dark:text-slate-500',
    medium: 'text-amber-500 dark:text-amber-400',
    high: 'text-amber-600 dark:text-amber-500',
  },
  engagement: {
    low: 'text-slate-400 dark:text-slate-500',
    medium: 'text-violet-400',
    high: 'text-violet-700 dark:text-violet-400',
  },
};

/** A filled square (Insights' Year in pixels): the same scale as the dials. */
export const BACKGROUND_CLASS: Record<Measure, Record<Intensity, string>> = {
  energy: {
    low: 'bg-slate-400 dark:bg-slate-500',
    medium: 'bg-amber-400',
    high: 'bg-amber-600 dark:bg-amber-500',
  },
  engagement: {
    low: 'bg-slate-400 dark:bg-slate-500',
    medium: 'bg-violet-400',
    high: 'bg-violet-700 dark:bg-violet-500',
  },
};
