import type { FastifyInstance } from 'fastify';

// Node's requestTimeout stops counting once the headers are in: a client that
// then sends its body a byte at a time holds a socket and a parser for as long
// as it likes. Here the body gets the same allowance as the whole request, and
// a request still incomplete after it is answered 408 and its connection
// closed, as Node does for slow headers (ADR 025).

const REQUEST_TIMEOUT_RESPONSE =
  'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

export function cutOffSlowBodies(app: FastifyInstance, timeoutMs: number): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.raw.complete) return;
    const timer = setTimeout(() => {
      if (request.raw.complete || reply.raw.headersSent) return;
      request.log.info('request body not received in time; connection closed');
      const socket = request.raw.socket;
      socket.end(REQUEST_TIMEOUT_RESPONSE, () => socket.destroy());
    }, timeoutMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    request.raw.once('end', clear);
    reply.raw.once('close', clear);
  });
}
