/** Every cached history page lives under this key; a save invalidates them all. */
export const ACTIVITIES_QUERY_KEY = ['activities'] as const;
