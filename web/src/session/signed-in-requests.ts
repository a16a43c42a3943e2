/**
 * The data client's requests belong to the session they were made in. Log
 * Out ends those still in flight before it ends the session, and no request
 * goes out without the person's token: either would reach the server just
 * after the session and come back 401, a failure nobody can act on (the
 * screen that asked is about to go). The journal has no data for a visitor
 * without a session, so nothing is lost by not asking.
 */
const inFlight = new Set<AbortController>();

/** fetch for the data client: sends only with the person's token, and can be ended by Log Out. */
export function fetchWhileSignedIn(next: typeof fetch, anonKey: string): typeof fetch {
  return async (input, init) => {
    if (new Headers(init?.headers).get('Authorization') === `Bearer ${anonKey}`) {
      throw new DOMException('Signed out: nothing to ask the server for', 'AbortError');
    }
    const controller = new AbortController();
    inFlight.add(controller);
    const signal = init?.signal
      ? AbortSignal.any([init.signal, controller.signal])
      : controller.signal;
    try {
      return await next(input, { ...init, signal });
    } finally {
      inFlight.delete(controller);
    }
  };
}

/** Ends every data request in flight (Log Out, before the session ends). */
export function endSignedInRequests(): void {
  for (const controller of inFlight) controller.abort();
  inFlight.clear();
}
