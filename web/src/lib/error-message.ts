/**
 * Shown when a request got no answer at all: the device is offline or the
 * server cannot be reached. Browsers word this differently and supabase-js
 * passes their words on ('TypeError: Failed to fetch'), which tells a person
 * nothing about what to do.
 */
export const NO_CONNECTION_TEXT =
  'You are offline or the server cannot be reached. Check your connection and try again.';

// What fetch throws without an answer: Chromium, Firefox, Safari, Node.
const NO_ANSWER =
  /^(TypeError: )?(Failed to fetch|NetworkError when attempting to fetch resource\.?|Load failed|fetch failed)$/;

/** Whether a failed call never reached the server (or its answer never came back). */
export function isNoAnswer(error: unknown): boolean {
  if (typeof error !== 'object' || !error) return false;
  // supabase-js's auth client: a fetch that failed without a status.
  if ((error as { name?: unknown }).name === 'AuthRetryableFetchError') return true;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && NO_ANSWER.test(message);
}

/** A readable message from whatever a failed call threw or returned. */
export function errorMessage(error: unknown): string {
  if (isNoAnswer(error)) return NO_CONNECTION_TEXT;
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'object' && error && 'message' in error) {
    const message = (error as { message: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  if (typeof error === 'string' && error) return error;
  return 'Something went wrong';
}
