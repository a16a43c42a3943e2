import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintMessages, REPO_ROOT } from '../support/lint-messages.ts';

// eslint.config.js: imports/no-import-cycle holds in web/src as in the server.
// The file linted is given as text at a path in web/src; the module it
// imports is written to a folder of its own outside the repository, so that
// no file of the app has to change for the loop to close.

const CYCLE = 'imports/no-import-cycle';
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'lint-cycle-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** `to` as a relative import written in `from`. */
function relativeImport(from: string, to: string): string {
  const spelled = path.relative(path.dirname(from), to);
  return spelled.startsWith('.') ? spelled : `./${spelled}`;
}

/** Writes a module to the folder that imports `specifier`; answers its path. */
async function moduleImporting(name: string, specifier: string): Promise<string> {
  const file = path.join(folder, name);
  await writeFile(file, `import { example } from '${specifier}';\nexport const again = example;\n`);
  return file;
}

/** The code of the linted file: it imports `file`. */
const importing = (linted: string, file: string) =>
  `import { again } from '${relativeImport(path.join(REPO_ROOT, linted), file)}';\nexport const example = () => again;\n`;

describe('import cycles in the web app', () => {
  it('refuses the import of a .tsx component that leads back to it', async () => {
    const linted = 'web/src/components/cycle-example.tsx';
    const back = await moduleImporting(
      'imports-the-component.ts',
      relativeImport(path.join(folder, 'x.ts'), path.join(REPO_ROOT, linted)),
    );
    const messages = await lintMessages(linted, importing(linted, back), CYCLE);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(
      /^Import cycle: web\/src\/components\/cycle-example\.tsx -> \S*imports-the-component\.ts -> web\/src\/components\/cycle-example\.tsx$/,
    );
  });

  it('follows an import that leaves out the extension', async () => {
    const linted = 'web/src/lib/cycle-example.ts';
    const withoutExtension = relativeImport(
      path.join(folder, 'x.ts'),
      path.join(REPO_ROOT, linted),
    ).replace(/\.ts$/, '');
    const back = await moduleImporting('imports-without-extension.ts', withoutExtension);
    expect(await lintMessages(linted, importing(linted, back), CYCLE)).toHaveLength(1);
  });

  it('lets through imports that do not lead back', async () => {
    const linted = 'web/src/lib/no-cycle-example.ts';
    const elsewhere = await moduleImporting('imports-elsewhere.ts', './imports-nothing.ts');
    await writeFile(path.join(folder, 'imports-nothing.ts'), 'export const example = 1;\n');
    expect(await lintMessages(linted, importing(linted, elsewhere), CYCLE)).toEqual([]);
  });
});
