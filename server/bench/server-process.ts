// Our server as a child process, started the way `npm start` starts it.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  url: string;
  /** Milliseconds from spawn to the first 200 on /health. */
  startMs: number;
  rssMiB(): Promise<number>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/**
 * `npm start` as package.json defines it, Node's flags included (they bound
 * the server's memory, docs/decisions/028).
 */
async function startCommand(): Promise<string> {
  const pkg = JSON.parse(await readFile(`${root}package.json`, 'utf8')) as {
    scripts: { start: string };
  };
  const command = pkg.scripts.start;
  if (!command.startsWith('exec ')) {
    throw new Error(`npm start must exec the server for its pid to be read: ${command}`);
  }
  return command;
}

export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const command = await startCommand();
  const started = performance.now();
  // The shell runs the command as npm runs it; its `exec` makes the server
  // the shell's own process, so the pid is the server's and its memory can
  // be read. npm itself is left out: it only waits for the server.
  const child: ChildProcess = spawn('/bin/sh', ['-c', command], {
    cwd: root,
    env: {
      ...process.env,
      // The default log level, as in production: a log line per request is part of the cost.
      LOG_LEVEL: 'info',
      ...env,
      PORT: String(port),
      // The `node` of the command is the one running the bench.
      PATH: `${dirname(process.execPath)}:${process.env['PATH'] ?? ''}`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (;;) {
    try {
      const res = await fetch(`${url}/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error('the server exited before it was healthy');
    await new Promise((r) => setTimeout(r, 5));
  }
  const startMs = performance.now() - started;
  return {
    url,
    startMs,
    async rssMiB() {
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
      return kb / 1024;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
