import { readFile, writeFile } from 'node:fs/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { afterBuild } from './after-build.ts';
import { listFiles } from './list-files.ts';

const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

/**
 * Writes .br and .gz beside every text asset of the build, so the server can
 * send them as they are (phones on slow links get the first screen sooner)
 * without compressing on every request.
 */
export function precompressAssets(): Plugin {
  return afterBuild('energy-tracker:precompress-assets', async (outDir) => {
    for (const file of await listFiles(outDir)) {
      if (!COMPRESSIBLE.test(file)) continue;
      const content = await readFile(file);
      await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
      await writeFile(
        `${file}.br`,
        brotliCompressSync(content, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        }),
      );
    }
  });
}
