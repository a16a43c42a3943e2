import fs from 'node:fs';
import path from 'node:path';

// A module that imports itself through a chain of other modules can see its
// own exports undefined while it loads, and ties every module in the loop into
// one lump. This rule follows relative imports (type-only ones too: they tie
// the design together even when the runtime drops them) from the file being
// linted and reports the import that starts a loop back to it.

const SPECIFIER =
  /(?:^|\n)\s*(?:import|export)\s(?:[^'";]*?\sfrom\s)?\s*['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

/** The relative imports a file names, resolved to absolute paths. */
function importsOf(file, cache) {
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
    found.push(path.resolve(path.dirname(file), match[1] ?? match[2]));
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
    for (const next of importsOf(file, cache)) stack.push([next, [...trail, next]]);
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
      const target = path.resolve(path.dirname(file), source.value);
      const loop = pathBack(target, file, cache);
      if (!loop) return;
      const cwd = context.cwd ?? process.cwd();
      context.report({
        node,
        message: `Import cycle: ${[file, ...loop].map((f) => path.relative(cwd, f)).join(' -> ')}`,
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'no-import-cycle': noImportCycle } };
