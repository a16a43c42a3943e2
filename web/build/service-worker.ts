import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { transformWithOxc, type Plugin, type ResolvedConfig } from 'vite';
import { listFiles } from './list-files.ts';

const WORKER_SOURCE = fileURLToPath(
  new URL('../src/service-worker/service-worker.ts', import.meta.url),
);
const WORKER_FILE = 'sw.js';
/** `import './name.ts';` in the worker: a module of its own handlers, inlined in its place. */
const SIDE_EFFECT_IMPORT = /^import ['"](\.\/[\w-]+\.ts)['"];$/gm;
/** What the installed app needs to open: the page, its code and styles, its icons. */
const PRECACHED =
  /^(index\.html|assets\/.+\.(js|css)|favicon\.svg|manifest\.webmanifest|icons\/.+\.png)$/;

/**
 * Writes dist/sw.js (docs/decisions/037): our service worker, with the list of
 * the build's files to keep and a version made from their names and
 * index.html. Each deployment thus has a worker that differs by at least its
 * version, which is how the browser learns that there is a new build. Runs
 * before the files are compressed, so sw.js is compressed too.
 */
export function serviceWorker(): Plugin {
  let outDir = '';
  return {
    name: 'energy-tracker:service-worker',
    apply: 'build',
    configResolved(config: ResolvedConfig) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await listFiles(outDir))
        .map((file) => relative(outDir, file).split(sep).join('/'))
        .filter((file) => PRECACHED.test(file))
        .sort();
      const indexHtml = await readFile(join(outDir, 'index.html'));
      const version = createHash('sha256')
        .update(files.join('\n'))
        .update(indexHtml)
        .digest('hex')
        .slice(0, 16);
      const code = await compileWorker(WORKER_SOURCE);
      const header =
        `const PRECACHE_URLS = ${JSON.stringify(files.map((file) => `/${file}`))};\n` +
        `const BUILD_VERSION = ${JSON.stringify(version)};\n`;
      await writeFile(join(outDir, WORKER_FILE), header + code);
    },
  };
}

/**
 * The worker as one classic script: its source compiled, each of its
 * side-effect imports (`import './outbox-sync.ts';`) replaced by that
 * module compiled. Its modules only add event listeners, so nothing needs
 * a bundler's scoping; one level is all they use.
 */
async function compileWorker(entry: string): Promise<string> {
  const compile = async (file: string) =>
    (await transformWithOxc(await readFile(file, 'utf8'), file, { lang: 'ts' })).code;
  const source = await compile(entry);
  const parts = source.split(SIDE_EFFECT_IMPORT);
  const pieces = await Promise.all(
    parts.map((part, index) =>
      index % 2 === 1 ? compile(fileURLToPath(new URL(part, pathToFileURL(entry)))) : part,
    ),
  );
  return pieces.join('');
}
