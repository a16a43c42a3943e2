import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const DEFAULT_DIST = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

/** Serves the built SPA; unknown GET paths get index.html (client-side routes). */
export async function registerSpa(app: FastifyInstance, distDir: string | undefined) {
  const root = distDir ?? DEFAULT_DIST;
  const hasBuild = existsSync(`${root}/index.html`);
  if (hasBuild) {
    await app.register(fastifyStatic, { root, wildcard: false, index: 'index.html' });
  } else {
    app.log.warn({ root }, 'no web build found; run `npm run build` to serve the app');
  }

  // /auth/v1 and /rest/v1 answer their own unknown paths in their wire format;
  // this handler only ever sees the rest of the site.
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (wantsPage && hasBuild) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ message: 'Not found' });
  });
}
