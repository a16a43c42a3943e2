import { resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';

/**
 * A build-only plugin that works on what the build wrote: `work` runs once
 * the bundle is closed, with the output folder.
 */
export function afterBuild(name: string, work: (outDir: string) => Promise<void>): Plugin {
  let outDir = '';
  return {
    name,
    apply: 'build',
    configResolved(config: ResolvedConfig) {
      // resolve, not join: --outDir may be absolute.
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: () => work(outDir),
  };
}
