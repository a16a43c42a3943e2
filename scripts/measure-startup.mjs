// Measures the time from `npm start` to the first 200 on /health, for a new
// data directory and for an existing one (median of RUNS each), and the CPU
// time the server had used by then (all its threads: a figure the machine's
// other load moves far less than the wall time). The web app must be built
// already (`npm run build`), as after the first start.
// --vs=<another checkout> starts that checkout's `npm start` too, on its own
// copy of the same data directory, the two taking turns (docs/benchmark.md).
// Usage: node scripts/measure-startup.mjs [runs] [--vs=<checkout>]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const runs = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 3);
const vs = process.argv.find((a) => a.startsWith('--vs='))?.slice(5);
const checkouts = vs === undefined ? [root] : [root, resolve(vs)];

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** utime + stime of a process, in ms (Linux's USER_HZ is 100). */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function timeToHealthy(checkout, dataDir) {
  const port = await freePort();
  // package.json's own command through the shell, as npm runs it: its
  // `exec` makes the server the shell's process, whose CPU time is read.
  const { start } = JSON.parse(readFileSync(join(checkout, 'package.json'), 'utf8')).scripts;
  const started = performance.now();
  const child = spawn('/bin/sh', ['-c', start], {
    cwd: checkout,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/health`);
        if (res.status === 200) return { ms: performance.now() - started, cpu: cpuMs(child.pid) };
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) throw new Error('server exited before it was healthy');
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)];
const figures = checkouts.map(() => ({ fresh: [], existing: [] }));
for (let i = 0; i < runs; i++) {
  // Each checkout on its own copy of one data directory; who goes first alternates.
  const order = checkouts.map((_, c) => c);
  if (i % 2 === 1) order.reverse();
  const dirs = await Promise.all(checkouts.map(() => mkdtemp(join(tmpdir(), 'et-startup-'))));
  for (const c of order) figures[c].fresh.push(await timeToHealthy(checkouts[c], dirs[c]));
  for (const c of order) figures[c].existing.push(await timeToHealthy(checkouts[c], dirs[c]));
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
}
const fmt = (xs) =>
  `median ${Math.round(median(xs.map((x) => x.ms)))} ms, CPU ${median(xs.map((x) => x.cpu))} ms` +
  ` (runs: ${xs.map((x) => `${Math.round(x.ms)}/${x.cpu}`).join(', ')})`;
for (const [c, { fresh, existing }] of figures.entries()) {
  if (vs !== undefined) console.log(c === 0 ? 'this checkout:' : `${vs}:`);
  console.log(`start to /health 200, new data directory:      ${fmt(fresh)}`);
  console.log(`start to /health 200, existing data directory: ${fmt(existing)}`);
}
