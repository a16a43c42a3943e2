// Measures the time from `npm start` to the first 200 on /health, for a new
// data directory and for an existing one (median of RUNS each). The web app
// must be built already (`npm run build`), as after the first start.
// Usage: node scripts/measure-startup.mjs [runs]
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const runs = Number(process.argv[2] ?? 3);

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function timeToHealthy(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/health`);
        if (res.status === 200) return performance.now() - started;
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
const fresh = [];
const existing = [];
for (let i = 0; i < runs; i++) {
  const dir = await mkdtemp(join(tmpdir(), 'et-startup-'));
  fresh.push(await timeToHealthy(dir));
  existing.push(await timeToHealthy(dir));
  await rm(dir, { recursive: true, force: true });
}
const fmt = (xs) => `median ${Math.round(median(xs))} ms (runs: ${xs.map(Math.round).join(', ')})`;
console.log(`start to /health 200, new data directory:      ${fmt(fresh)}`);
console.log(`start to /health 200, existing data directory: ${fmt(existing)}`);
