import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

// A client that sends its request slowly, or never finishes it, holds a socket
// and a parser: the server cuts it off (ADR 025). Small limits here; the
// defaults (30 s for a request, 60 s idle) work the same way.
const REQUEST_TIMEOUT_SECONDS = 2;
const IDLE_SECONDS = 3;

interface Ended {
  afterMs: number;
  received: string;
}

/** Resolves when the server closes the socket, or after `giveUpMs` with afterMs = Infinity. */
function whenClosed(socket: Socket, giveUpMs: number): Promise<Ended> {
  const started = performance.now();
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ afterMs: Number.POSITIVE_INFINITY, received });
    }, giveUpMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ afterMs: performance.now() - started, received });
    });
    socket.on('error', () => {});
  });
}

function open(server: TestServer): Promise<Socket> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('request and connection timeouts', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_SECONDS),
      IDLE_CONNECTION_TIMEOUT_SECONDS: String(IDLE_SECONDS),
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('cuts off a body that trickles in, with 408', async () => {
    const socket = await open(server);
    socket.write(
      `POST /rest/v1/user_answers HTTP/1.1\r\nHost: x\r\napikey: ${server.anonKey}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n[',
    );
    const trickle = setInterval(() => socket.writable && socket.write(' '), 200);
    const ended = await whenClosed(socket, 15_000);
    clearInterval(trickle);
    expect(ended.afterMs).toBeLessThan((REQUEST_TIMEOUT_SECONDS + 3) * 1000);
    expect(ended.received).toMatch(/^HTTP\/1\.1 408 /);
  }, 20_000);

  it('cuts off headers that never end', async () => {
    const socket = await open(server);
    socket.write('GET /rest/v1/questions HTTP/1.1\r\nHost: x\r\n');
    const trickle = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 200);
    const ended = await whenClosed(socket, 15_000);
    clearInterval(trickle);
    expect(ended.afterMs).toBeLessThan((REQUEST_TIMEOUT_SECONDS + 3) * 1000);
  }, 20_000);

  it('closes a connection on which nothing is sent', async () => {
    const socket = await open(server);
    const ended = await whenClosed(socket, 15_000);
    expect(ended.afterMs).toBeLessThan((IDLE_SECONDS + 3) * 1000);
  }, 20_000);

  it('still serves a request that arrives in time', async () => {
    const { error } = await server.client().auth.signUp({
      email: `timely-${Date.now()}@example.test`,
      password: 'a-password-long-enough',
    });
    expect(error).toBeNull();
  });
});
