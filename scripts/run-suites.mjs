// `npm test` and `npm run test:system` (docs/testing.md): the suites as
// stages; the commands of one stage run side by side, each one's output
// printed whole when it ends, so that two never interleave. Stops at the
// first stage with a failure, naming it; prints each command's time.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A suite meant for the embedded database runs on it even where the
 * environment names a PostgreSQL server (CI exports TEST_DATABASE_URL before
 * the system suite, whose first half is the embedded one's): an empty value
 * names none.
 */
const EMBEDDED = { TEST_DATABASE_URL: '' };

const vitest = (workspace, config, env = EMBEDDED) => ({
  name: `${workspace}${config ? ' (system)' : ''}${env.TEST_DATABASE_URL ? ' on PostgreSQL' : ''}`,
  command: ['npx', 'vitest', 'run', ...(config ? ['--config', config] : [])],
  cwd: `${root}${workspace}`,
  env,
});

/**
 * The everyday suite: behaviour on the embedded database, in minutes. The
 * server's suite waits mostly on sockets and timers, so the web's runs
 * beside it; the browser journeys, whose steps wait on real rendering, run
 * alone (all three at once overloaded two cores: docs/testing.md).
 */
function everyday() {
  return [
    [{ name: 'web build', command: ['npm', 'run', 'build'], cwd: root, env: {} }],
    [vitest('server'), vitest('web')],
    [vitest('e2e')],
  ];
}

/**
 * The system suite: processes, disks, seeds, and everything again on
 * PostgreSQL. The server's system files, whose 20,000-entry seeds and child
 * processes fill both cores, never run beside each other: on PGlite beside
 * the server's everyday files on PostgreSQL (mostly waiting), on PostgreSQL
 * beside the e2e system files; the web's files on PostgreSQL come last.
 */
function system() {
  const postgres = { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL || LOCAL_POSTGRES };
  return [
    [{ name: 'web build', command: ['npm', 'run', 'build'], cwd: root, env: {} }],
    [vitest('server', 'vitest.system.config.ts'), vitest('server', undefined, postgres)],
    [
      vitest('server', 'vitest.system.config.ts', postgres),
      vitest('e2e', 'vitest.system.config.ts', postgres),
    ],
    // Alone: beside both of the above, its waits for a save ran out.
    [vitest('web', undefined, postgres)],
  ];
}

function run({ name, command, cwd, env }) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `\n━━━ ${name}: ${code === 0 ? 'passed' : `FAILED (${code})`} in ${seconds.toFixed(0)} s ━━━`,
      );
      console.log(output);
      resolve({ name, ok: code === 0, seconds });
    });
  });
}

const suites = { everyday, system };
const suite = suites[process.argv[2]];
if (!suite) {
  console.error(`usage: node scripts/run-suites.mjs ${Object.keys(suites).join('|')}`);
  process.exit(2);
}
const started = performance.now();
const times = [];
for (const stage of suite()) {
  const results = await Promise.all(stage.map(run));
  times.push(...results);
  const failed = results.filter((r) => !r.ok).map((r) => r.name);
  if (failed.length > 0) {
    console.error(`\n${process.argv[2]} suite failed: ${failed.join(', ')}`);
    process.exit(1);
  }
}
const total = (performance.now() - started) / 1000;
console.log(`\n${process.argv[2]} suite passed in ${total.toFixed(0)} s:`);
for (const { name, seconds } of times)
  console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${name}`);
