// `npm start`: build the web app if it has not been built, then run the server
// in this same process (so SIGTERM reaches it directly).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  console.error(`Energy Tracker needs Node.js 22.18 or newer; this is ${process.version}.`);
  process.exit(1);
}

if (!process.env.WEB_DIST && !existsSync(`${root}web/dist/index.html`)) {
  console.log('Building the web app (first start)…');
  const build = spawnSync('npm', ['run', 'build', '--workspace', 'web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Compiled code is kept on disk (the system's temporary directory), so later
// starts skip compiling the server's modules again.
enableCompileCache();
await import('../server/src/main.ts');
