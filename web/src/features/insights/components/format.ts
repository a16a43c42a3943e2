/** A 0–100 average as a whole percent, e.g. 72%. */
export const percent = (value: number | null) => (value === null ? '–' : `${Math.round(value)}%`);

export const entriesLabel = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;
