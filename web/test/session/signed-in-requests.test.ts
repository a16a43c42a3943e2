import { describe, expect, it } from 'vitest';
import { endSignedInRequests, fetchWhileSignedIn } from '../../src/session/signed-in-requests.ts';

const ANON_KEY = 'anon-key';

/** A network that answers only when told, and honours abort like fetch does. */
function heldNetwork() {
  const sent: string[] = [];
  const fetchImpl: typeof fetch = (input, init) => {
    sent.push(String(input));
    return new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () =>
        reject(new DOMException('The operation was aborted.', 'AbortError')),
      );
    });
  };
  return { sent, fetchImpl };
}

describe('the data client’s requests', () => {
  it('are not sent with the anon key in place of the person’s token', async () => {
    const network = heldNetwork();
    const send = fetchWhileSignedIn(network.fetchImpl, ANON_KEY);
    await expect(
      send('/rest/v1/activities', { headers: { Authorization: `Bearer ${ANON_KEY}` } }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(network.sent).toEqual([]);
  });

  it('end when Log Out ends them, and later ones are sent again', async () => {
    const network = heldNetwork();
    const send = fetchWhileSignedIn(network.fetchImpl, ANON_KEY);
    const token = { headers: new Headers({ Authorization: 'Bearer a-user-token' }) };
    const first = send('/rest/v1/rpc/insights', token);
    const second = send('/rest/v1/activities', token);
    expect(network.sent).toEqual(['/rest/v1/rpc/insights', '/rest/v1/activities']);

    endSignedInRequests();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });

    void send('/rest/v1/activities', token);
    expect(network.sent).toHaveLength(3);
  });

  it('keep the caller’s own abort signal', async () => {
    const network = heldNetwork();
    const send = fetchWhileSignedIn(network.fetchImpl, ANON_KEY);
    const caller = new AbortController();
    const request = send('/rest/v1/activities', {
      headers: { Authorization: 'Bearer a-user-token' },
      signal: caller.signal,
    });
    caller.abort();
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
  });
});
