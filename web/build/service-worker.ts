import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';
import { afterBuild } from './after-build.ts';
import { listFiles } from './list-files.ts';

const WORKER_SOURCE = fileURLToPath(
  new URL('../src/service-worker/service-worker.ts', import.meta.url),
);
const WORKER_FILE = 'sw.js';
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
  return afterBuild('energy-tracker:service-worker', async (outDir) => {
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
    // Bundled: the worker's handlers live in modules of their own
    // (push-notifications.ts, outbox-sync.ts), and a classic service worker cannot import.
    const bundle = await rolldown({ input: WORKER_SOURCE, platform: 'browser' });
    const { output } = await bundle.generate({ format: 'iife' });
    await bundle.close();
    const code = output[0].code;
    const header =
      `const PRECACHE_URLS = ${JSON.stringify(files.map((file) => `/${file}`))};\n` +
      `const BUILD_VERSION = ${JSON.stringify(version)};\n`;
    await writeFile(join(outDir, WORKER_FILE), header + code);
  });
}
