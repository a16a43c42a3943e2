// The peer the bench races (docs/benchmark.md, "The peer"): @supabase/lite on
// SQLite through node:sqlite, with its defaults (rollback journal, synchronous
// FULL: every acknowledged save is on disk, as ours is), served by
// @hono/node-server, with the /health and /config.json the bench reads from
// our server. Environment: PORT, PEER_DATA_DIR, PEER_JWT_SECRET.
import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { serve } from '@hono/node-server';
import { App } from '@supabase/lite';
import { createConnection } from '@supabase/lite/sqlite';

const port = Number(process.env['PORT']);
const dataDir = process.env['PEER_DATA_DIR'];
const jwtSecret = process.env['PEER_JWT_SECRET'];
if (!port || !dataDir || !jwtSecret) throw new Error('PORT, PEER_DATA_DIR and PEER_JWT_SECRET');

const QUESTIONS = [
  'Activity Description',
  'Energy Level',
  'Engagement Level',
  'Flow State',
  'Activity Notes',
];

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * The peer refuses a JWT-style anon key of its own accord; the bench hands out
 * one (as our server does) and the resolver below maps exactly it to anon.
 */
function anonKey(): string {
  const body = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify({ role: 'anon', iss: 'bench-peer' }))}`;
  return `${body}.${createHmac('sha256', jwtSecret!).update(body).digest('base64url')}`;
}

const key = anonKey();
const connection = await createConnection({ url: `file:${dataDir}/peer.db` });
const app = new App({
  connection,
  auth: { enabled: true, jwt_secret: jwtSecret },
  options: {
    server: {
      admin: false,
      apiKeys: {
        resolver: async (given: string) =>
          given === key ? { type: 'publishable', claims: { role: 'anon' } } : null,
      },
    },
  },
} as ConstructorParameters<typeof App>[0]);
// The auth schema first: the tables reference auth.users.
await app.init();
await app.connection
  .createMigrator(await readFile(new URL('./schema.sql', import.meta.url), 'utf8'))
  .migrate();
const { rows } = await app.connection.exec<{ rows: { n: number }[] }>(
  'select count(*) as n from questions',
);
if (Number(rows[0]?.n) === 0) {
  await app.connection.exec("insert into pages (name) values ('good_time_journal')");
  for (const question of QUESTIONS) {
    await app.connection.exec('insert into questions (question, page_id) values (?, 1)', question);
  }
}

serve({
  port,
  hostname: '127.0.0.1',
  async fetch(request, env: { incoming: { socket: { remoteAddress?: string } } }) {
    const { pathname } = new URL(request.url);
    if (pathname === '/health') {
      await app.connection.ping();
      return Response.json({ status: 'ok' });
    }
    if (pathname === '/config.json') {
      return Response.json({ supabaseUrl: `http://127.0.0.1:${port}`, supabaseAnonKey: key });
    }
    return app.fetch(request, { peerAddress: env.incoming.socket.remoteAddress ?? null });
  },
});
