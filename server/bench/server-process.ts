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
  /**
   * CPU time the process has used so far, every thread of it: the server's
   * and its embedded database's. Noisy neighbours change a run's wall time
   * far more than the work it takes.
   */
  cpuMs(): Promise<number>;
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

export interface StartOptions {
  /**
   * Run the server under strace, writing each fsync and fdatasync it makes
   * (with the file's path and the time) to this file, for wal-syncs.ts.
   */
  traceSyncsTo?: string;
  /** Another start command than package.json's (BENCH_MEMORY_BEFORE, to compare). */
  command?: string;
}

/** The server's pid: the shell's own, or strace's only child when traced. */
async function serverPid(child: ChildProcess, traced: boolean): Promise<number> {
  const pid = child.pid ?? NaN;
  if (!traced) return pid;
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8');
  const first = Number(children.trim().split(/\s+/)[0]);
  if (!Number.isInteger(first)) throw new Error('strace has no child: the server did not start');
  return first;
}

/** The program and arguments that run the start command, under strace when asked. */
function launch(command: string, traceSyncsTo: string | undefined): [string, string[]] {
  const shell = ['/bin/sh', '-c', command];
  if (traceSyncsTo === undefined) return ['/bin/sh', shell.slice(1)];
  // --seccomp-bpf stops the server only at the two traced calls, so the rest
  // runs at full speed; -y names each call's file, -ttt timestamps it.
  const trace = ['-f', '--seccomp-bpf', '-qq', '-e', 'signal=none', '-ttt', '-y'];
  return ['strace', [...trace, '-e', 'trace=fsync,fdatasync', '-o', traceSyncsTo, '--', ...shell]];
}

export async function startServer(
  env: Record<string, string>,
  { traceSyncsTo, command: otherCommand }: StartOptions = {},
): Promise<RunningServer> {
  const command = otherCommand ?? (await startCommand());
  // The shell runs the command as npm runs it; its `exec` makes the server
  // the shell's own process, so the pid is the server's and its memory can
  // be read. npm itself is left out: it only waits for the server.
  const [file, args] = launch(command, traceSyncsTo);
  // The bench's own DATABASE_URL names its admin server, not the server's
  // database: an embedded run given it would quietly use PostgreSQL.
  const inherited = { ...process.env };
  delete inherited['DATABASE_URL'];
  return startHealthy(file, args, {
    cwd: root,
    // The default log level, as in production: a log line per request is part of the cost.
    env: { ...inherited, LOG_LEVEL: 'info', ...env },
    pidOf: (child) => serverPid(child, traceSyncsTo !== undefined),
  });
}

/** Linux's USER_HZ, the unit of /proc/<pid>/stat's times, on every architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

export interface ProcessOptions {
  cwd: string;
  /** The process's environment; PORT and PATH are set here. */
  env: NodeJS.ProcessEnv;
  /** The pid whose memory counts (a wrapper's child, say); the spawned one's by default. */
  pidOf?: (child: ChildProcess) => Promise<number>;
}

/** Spawns a server on a free port and resolves once its /health answers 200. */
export async function startHealthy(
  file: string,
  args: string[],
  { cwd, env, pidOf }: ProcessOptions,
): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child: ChildProcess = spawn(file, args, {
    cwd,
    env: {
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
    if (child.exitCode !== null) throw new Error(`${file} exited before it was healthy`);
    await new Promise((r) => setTimeout(r, 5));
  }
  const startMs = performance.now() - started;
  const pid = pidOf ? await pidOf(child) : (child.pid ?? NaN);
  return {
    url,
    startMs,
    async rssMiB() {
      const status = await readFile(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
      return kb / 1024;
    },
    async cpuMs() {
      // utime and stime, the 12th and 13th fields after the command's name, in clock ticks.
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
    },
    async stop() {
      // To the server itself: strace then writes out its trace and exits.
      process.kill(pid, 'SIGTERM');
      await exited;
    },
  };
}
