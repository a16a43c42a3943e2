import { afterAll, beforeAll } from 'vitest';

/**
 * A local peer (the mailbox, the OpenID provider) for a whole test file:
 * started before its tests, stopped after. The object returned stands for
 * the started peer, so a file can name it at the top level and read its
 * address in hooks and tests; read before the start, it says so.
 */
export function peerForFile<Peer extends object>(
  name: string,
  start: () => Promise<Peer>,
  stop: (peer: Peer) => Promise<void>,
): Peer {
  let peer: Peer | undefined;
  beforeAll(async () => {
    peer = await start();
  });
  afterAll(() => (peer ? stop(peer) : undefined));
  const started = (): Peer => {
    if (!peer) throw new Error(`${name} is not started yet (use it in a test or a hook)`);
    return peer;
  };
  // Every property is read from the started peer at the moment of use.
  return new Proxy(Object.create(null) as Peer, {
    get(_unstarted, key) {
      const value: unknown = Reflect.get(started(), key);
      return typeof value === 'function' ? value.bind(started()) : value;
    },
  });
}
