import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { childPort } from '@energy-tracker/test-support/child-port';
import { TEST_JWT_SECRET } from './test-server.ts';

const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const PACKAGE = fileURLToPath(new URL('../../../package.json', import.meta.url));

/**
 * Node's flags and the environment `npm start` gives the server, read from
 * package.json's `start` (`exec env A=1 … node --flag … scripts/start.mjs`),
 * so that the tests run the server as a person does.
 */
function npmStart(): { flags: string[]; env: Record<string, string> } {
  const pkg = JSON.parse(readFileSync(PACKAGE, 'utf8')) as { scripts: { start: string } };
  const shape = /^exec env((?: [A-Z_]+=\S+)*) node((?: --\S+)*) scripts\/start\.mjs$/;
  const match = shape.exec(pkg.scripts.start);
  if (!match)
    throw new Error(`npm start has a shape this helper cannot read: ${pkg.scripts.start}`);
  const words = (list: string | undefined) => (list ?? '').split(' ').filter(Boolean);
  return {
    flags: words(match[2]),
    env: Object.fromEntries(
      words(match[1]).map((pair) => [
        pair.slice(0, pair.indexOf('=')),
        pair.slice(pair.indexOf('=') + 1),
      ]),
    ),
  };
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** Milliseconds from spawn to the first 200 on /health. */
  readyAfterMs: number;
  /** A new supabase-js client, as a browser would make it (keeping nothing on disk). */
  client(): SupabaseClient;
  output(): string;
  /** Kills the process with the signal and resolves once it has gone. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * The real server in a process of its own, started as `npm start` starts it
 * (the same Node flags and environment), so that a test can kill it with SIGKILL and start
 * another on the same data. `env` says where the data is (DATA_DIR or
 * DATABASE_URL); nothing else of the test's own environment decides it.
 */
export async function startServerProcess(
  env: Record<string, string>,
  readyWithinMs = 60_000,
): Promise<ServerProcess> {
  const port = await childPort();
  const inherited = { ...process.env };
  delete inherited['DATA_DIR'];
  delete inherited['DATABASE_URL'];
  const started = performance.now();
  const start = npmStart();
  const child: ChildProcess = spawn(process.execPath, [...start.flags, MAIN], {
    env: {
      ...start.env,
      ...inherited,
      LOG_LEVEL: 'warn',
      JWT_SECRET: TEST_JWT_SECRET,
      RATE_LIMIT_SIGNUP_PER_5MIN: '100000',
      RATE_LIMIT_TOKEN_PER_5MIN: '100000',
      EMAIL_ANSWER_MIN_MS: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (hasExited) throw new Error(`the server exited before it was ready:\n${log}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server was not ready within ${readyWithinMs} ms:\n${log}`);
    }
    const ok = await fetch(`${url}/health`).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const readyAfterMs = Math.round(performance.now() - started);
  const anonKey = (await (await fetch(`${url}/config.json`)).json()).supabaseAnonKey as string;
  return {
    url,
    pid: child.pid!,
    readyAfterMs,
    client: () =>
      createClient(url, anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      }),
    output: () => log,
    async kill(signal) {
      if (!hasExited) child.kill(signal);
      await exited;
    },
  };
}
