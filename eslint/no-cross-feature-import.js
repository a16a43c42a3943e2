import path from 'node:path';
import { onEveryImport } from './import-nodes.js';

// A feature (web/src/features/<name>/) is the code of one screen or one
// concern: its api/, components/ and helpers. Features do not import one
// another: what two of them need lives in shared code (components/, lib/), and
// the app (app/) puts them together. So a feature can change, move or go
// without reaching into another, and each concept keeps one owner.

/** The feature folder `file` lies in, by name, or undefined outside them all. */
function featureOf(file, featuresRoot) {
  const inside = path.relative(featuresRoot, file);
  if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside)) return undefined;
  const [name, ...rest] = inside.split(path.sep);
  return rest.length > 0 ? name : undefined;
}

export const noCrossFeatureImport = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid a feature folder to import from another feature folder' },
    schema: [
      {
        type: 'object',
        properties: { featuresRoot: { type: 'string' } },
        required: ['featuresRoot'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const cwd = context.cwd ?? process.cwd();
    const featuresRoot = path.resolve(cwd, context.options[0].featuresRoot);
    const file = path.resolve(context.filename);
    const own = featureOf(file, featuresRoot);
    if (!own) return {};
    const check = (node) => {
      // The module named by `import … from`, `export … from`, `import()` and
      // `typeof import()` alike.
      const source = node.source;
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const other = featureOf(path.resolve(path.dirname(file), source.value), featuresRoot);
      if (!other || other === own) return;
      context.report({
        node,
        message: `features/${own}/ must not import from features/${other}/ ('${source.value}'): move what both need to components/, journal/, session/ or lib/, or let app/ put them together.`,
      });
    };
    return onEveryImport(check);
  },
};
