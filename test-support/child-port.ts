// A port for a server that a test starts as a child process. The child binds
// it a second or so later, after loading its modules. A port the system hands
// out for port 0 (the usual way to find a free one) may be handed out again
// in that gap, to another suite's in-process server or to an outgoing
// connection, and a server that took it would answer the test in the
// child's place (a full-disk test's sign-up in CI once failed with a 503
// that only a server with mail on gives, while another suite's servers with
// a dead mailbox ran beside it). The system never hands out a port below its
// ephemeral range that way, so the port is picked at random below that range
// and checked free.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';

const LOWEST = 10_000;
/** Linux's default, and below the range of other systems. */
const DEFAULT_EPHEMERAL_START = 32_768;
const ATTEMPTS = 100;

async function ephemeralStart(): Promise<number> {
  try {
    const range = await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8');
    const start = Number(range.trim().split(/\s+/)[0]);
    return Number.isInteger(start) ? start : DEFAULT_EPHEMERAL_START;
  } catch {
    return DEFAULT_EPHEMERAL_START; // not Linux
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A free port on the loopback interface that no port-0 listener will be given. */
export async function childPort(): Promise<number> {
  const below = await ephemeralStart();
  if (below - LOWEST < 1_000)
    throw new Error(`the ephemeral port range starts at ${below}: too low to pick below it`);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = LOWEST + Math.floor(Math.random() * (below - LOWEST));
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port found below ${below} in ${ATTEMPTS} tries`);
}
