import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The repository explains itself (docs/guiding-principles.md 8): no file may
// send a newcomer to documents that are not in it. The names are assembled
// so that this file does not match itself.
const OUTSIDE_REFERENCES = [
  new RegExp(`\\b${'SP' + 'EC'}(\\.md)?\\b`),
  new RegExp(`\\b${'DES' + 'IGN'}(\\.md)?\\b`),
  new RegExp(`\\.\\./${'sha' + 'red'}\\b`),
];

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((path) => path !== '' && !path.endsWith('package-lock.json'))
    .filter((path) => /\.(ts|tsx|js|mjs|md|sql|css|html|json|sh|yml|yaml)$|^\.ci\//.test(path));
}

describe('the repository stands on its own', () => {
  it('no file points at documents outside the repository', () => {
    const offenders: string[] = [];
    for (const path of repositoryFiles()) {
      let text: string;
      try {
        text = readFileSync(repoRoot + path, 'utf8');
      } catch {
        continue; // listed but deleted in the work tree
      }
      text.split('\n').forEach((line, index) => {
        if (OUTSIDE_REFERENCES.some((pattern) => pattern.test(line))) {
          offenders.push(`${path}:${index + 1}: ${line.trim()}`);
        }
      });
    }
    expect(offenders).toEqual([]);
  });
});
