import fs from 'node:fs';
import path from 'node:path';
import { onEveryImport } from './import-nodes.js';

// A module that imports itself through a chain of other modules can see its
// own exports undefined while it loads, and ties every module in the loop into
// one lump. This rule follows relative imports (type-only ones too: they tie
// the design together even when the runtime drops them) from the file being
// linted and reports the import that starts a loop back to it.
//
// The server and the web app both name the file they import, extension and
// all; TypeScript and Vite also take a path without its extension, or a
// folder for its index file, so such an import is followed the same way.

const SPECIFIER =
  /(?:^|\n)\s*(?:import|export)\s(?:[^'";]*?\sfrom\s)?\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** What an import may leave out of the file's path: its extension, or the folder's index file. */
const UNWRITTEN_ENDINGS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function isFile(file) {
  return fs.statSync(file, { throwIfNoEntry: false })?.isFile() ?? false;
}

/**
 * The absolute path of the file a relative import names. The path as written
 * wins; failing that, the first of its unwritten endings that is a file, or
 * the file being linted (which an editor may not have saved yet).
 */
function resolveImport(fromFile, specifier, lintedFile) {
  const written = path.resolve(path.dirname(fromFile), specifier);
  if (written === lintedFile || isFile(written)) return written;
  for (const ending of UNWRITTEN_ENDINGS) {
    const candidate = written + ending;
    if (candidate === lintedFile || isFile(candidate)) return candidate;
  }
  return written;
}

/** The relative imports a file names, resolved to absolute paths. */
function importsOf(file, cache, lintedFile) {
  let found = cache.get(file);
  if (found) return found;
  found = [];
  cache.set(file, found);
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return found;
  }
  for (const match of text.matchAll(SPECIFIER)) {
    found.push(resolveImport(file, match[1] ?? match[2], lintedFile));
  }
  return found;
}

/** A path from `start` back to `target`, or undefined. */
function pathBack(start, target, cache) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, trail] = stack.pop();
    if (file === target) return trail;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of importsOf(file, cache, target)) stack.push([next, [...trail, next]]);
  }
  return undefined;
}

export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid relative imports that lead back to the importing file' },
    schema: [],
  },
  create(context) {
    const file = path.resolve(context.filename);
    // Fresh per file: the files on disk may change between runs of a watcher.
    const cache = new Map();
    const check = (node) => {
      const source = node.source;
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = resolveImport(file, source.value, file);
      const loop = pathBack(target, file, cache);
      if (!loop) return;
      const cwd = context.cwd ?? process.cwd();
      context.report({
        node,
        message: `Import cycle: ${[file, ...loop].map((f) => path.relative(cwd, f)).join(' -> ')}`,
      });
    };
    return onEveryImport(check);
  },
};
