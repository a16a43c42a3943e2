import { noCrossFeatureImport } from './no-cross-feature-import.js';
import { noImportCycle } from './no-import-cycle.js';

/** Our own rules about imports, as one ESLint plugin: `imports/<rule>`. */
export default {
  rules: {
    'no-import-cycle': noImportCycle,
    'no-cross-feature-import': noCrossFeatureImport,
  },
};
