import { NO_CONNECTION_TEXT } from './error-message.ts';

/**
 * Fails at once, in words a person understands, when the browser knows it
 * is offline. A write needs the server; without this check supabase-js
 * retries for seconds before it gives up, and the person waits on a spinner.
 * (`navigator.onLine` can be true without a network, never false with one.)
 */
export function requireConnection(): void {
  if (navigator.onLine === false) throw new Error(NO_CONNECTION_TEXT);
}
