import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const DEFAULT_DIST = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

// Vite names everything under assets/ by content hash, so a browser may keep
// it for good; anything else (index.html above all) must be revalidated so a
// new deployment is picked up at the next visit.
const HASHED_ASSET = /[/\\]assets[/\\]/;
const FOREVER = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Serves the built SPA, sending the .br/.gz files the build wrote beside each
 * asset when the browser accepts them; unknown GET paths get index.html
 * (client-side routes).
 */
export async function registerSpa(app: FastifyInstance, distDir: string | undefined) {
  const root = distDir ?? DEFAULT_DIST;
  const hasBuild = existsSync(`${root}/index.html`);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: 'index.html',
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply: FastifyReply, path: string) =>
        reply.header('Cache-Control', HASHED_ASSET.test(path) ? FOREVER : REVALIDATE),
    });
  } else {
    app.log.warn({ root }, 'no web build found; run `npm run build` to serve the app');
  }

  // /auth/v1 and /rest/v1 answer their own unknown paths in their wire format;
  // this handler only ever sees the rest of the site.
  app.setNotFoundHandler((request, reply: FastifyReply) => {
    // A missing hashed asset (an old chunk after a deployment) must fail as
    // such, not come back as HTML that the browser then tries to run.
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/assets/');
    if (wantsPage && hasBuild) return reply.sendFile('index.html');
    return reply.code(404).send({ message: 'Not found' });
  });
}
