import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { childPort } from '@energy-tracker/test-support/child-port';
import { copyMigratedDataDir } from './migrated-data-dir.ts';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface RunningServer {
  url: string;
  dataDir: string;
  /** Milliseconds from spawn to the first 200 on /health. */
  readyAfterMs: number;
  output(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

export const newDataDir = () => mkdtemp(join(process.env['E2E_DATA_ROOT'] ?? tmpdir(), 'data-'));

/**
 * Runs the product as `npm start` does (the same script, without npm in
 * between so that SIGTERM and the exit code are the server's own) on a free
 * port with its own data directory, and waits for /health. Without one
 * given, the directory is a copy of the run's migrated one
 * (migrated-data-dir.ts), or empty when `empty` says so (what a first start
 * does is what the file tests).
 */
export async function startServer(
  options: {
    dataDir?: string;
    empty?: boolean;
    env?: Record<string, string>;
    viaNpm?: boolean;
    /** A port chosen beforehand (see childPort), when the env must name the server's own URL. */
    port?: number;
  } = {},
): Promise<RunningServer> {
  let dataDir = options.dataDir;
  if (!dataDir) {
    dataDir = await newDataDir();
    if (!options.empty) await copyMigratedDataDir(dataDir);
  }
  const port = options.port ?? (await childPort());
  const started = performance.now();
  const [command, args] = options.viaNpm
    ? ['npm', ['start', '--silent']]
    : [process.execPath, ['scripts/start.mjs']];
  const child: ChildProcess = spawn(command, args, {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      // The embedded database unless a test names one: a developer's own
      // DATABASE_URL must never receive test data.
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  // 'close', not 'exit': it comes after the output pipes are drained, so the
  // log holds the server's last words (a refusal to start) when we read it.
  const exited = new Promise<number | null>((resolve) =>
    child.once('close', (code) => resolve(code)),
  );

  const url = `http://127.0.0.1:${port}`;
  const readyAfterMs = await waitForHealth(url, exited, () => log, started);
  return {
    url,
    dataDir,
    readyAfterMs,
    output: () => log,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

async function waitForHealth(
  url: string,
  exited: Promise<number | null>,
  log: () => string,
  started: number,
): Promise<number> {
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (hasExited) throw new Error(`server exited before it was ready:\n${log()}`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.status === 200) return Math.round(performance.now() - started);
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server not ready within 120 s:\n${log()}`);
}
