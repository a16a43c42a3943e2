import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 10;

/**
 * Prints a run's slowest test files with their times, so that the next slow
 * test is seen the day it arrives (docs/testing.md). A file's time is all it
 * took in its worker: starting its environment, importing, its hooks and tests.
 */
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const timed = testModules.map((module) => {
      const d = module.diagnostic();
      const ms =
        d.environmentSetupDuration +
        d.prepareDuration +
        d.setupDuration +
        d.collectDuration +
        d.duration;
      // A file that runs in two projects (the server's engines) shows twice, named.
      const project = module.project.name;
      const file = relative(process.cwd(), module.moduleId);
      return { file: project ? `${file} (${project})` : file, ms };
    });
    if (timed.length === 0) return;
    timed.sort((a, b) => b.ms - a.ms);
    const lines = timed
      .slice(0, SHOWN)
      .map(({ file, ms }) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file}`);
    const total = timed.reduce((sum, { ms }) => sum + ms, 0) / 1000;
    console.log(
      `\nSlowest ${lines.length} of ${timed.length} files (all files: ${total.toFixed(0)} s in workers):\n` +
        lines.join('\n'),
    );
  }
}
