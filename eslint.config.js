import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import imports from './eslint/imports-plugin.js';
import authSchema from './eslint/no-auth-schema-sql.js';

// The server's layers (docs/architecture.md, "The auth folder"): the shared
// ground (http/, db/) knows nothing of the two APIs, and neither API reaches
// into the other.
const apiFolders = (...folders) =>
  folders.map((folder) => ({
    group: [`**/${folder}/*`, `**/${folder}/**`],
    message: `Shared server code must not depend on an API (${folder}/); move what both need to a shared folder.`,
  }));

const noRest = {
  group: ['**/rest/*', '**/rest/**'],
  message: 'The auth API does not use the data API.',
};

// The web app's rooms, from the top (docs/architecture.md 7, ADR 067): app/
// puts the features together; a feature uses components/, the journal, the
// session and lib/; the journal (entries, the device database, the outbox)
// uses the session (clients, the stored session, the server clock); lib/
// holds generic helpers that know none of them. An import runs only down.
const webRoom = (room, reason) => ({
  group: [`**/${room}/*`, `**/${room}/**`],
  message: reason,
});
const webFence = (files, fenced) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: fenced }] },
});
const featureRoom = webRoom(
  'features',
  'Shared web code must not depend on a feature; move what it needs here.',
);
const appRoom = webRoom(
  'app',
  'Only main.tsx and App.tsx import app/, which puts the features together.',
);
const journalRoom = webRoom(
  'journal',
  'The session and lib/ stand below the journal; move what both need down.',
);
const sessionRoom = webRoom(
  'session',
  'lib/ holds generic helpers that know no session; move the helper to session/.',
);

/** Each auth sub-folder may import only the ones listed before it. */
function authLayers(bottomUp) {
  return bottomUp.map((folder, index) => ({
    files: [`server/src/auth/${folder}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noRest,
            ...bottomUp.slice(index + 1).map((above) => ({
              group: [`../${above}/*`],
              message: `auth/${folder}/ stands below auth/${above}/ (docs/architecture.md 5).`,
            })),
            {
              regex: '^\\.\\./[^./][^/]*\\.ts$',
              message: `auth/${folder}/ must not import an endpoint; move what both need down.`,
            },
          ],
        },
      ],
    },
  }));
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/src/**', 'web/test/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // No module of the server may, through any chain of imports, import itself.
    files: ['server/src/**/*.ts'],
    plugins: { imports },
    rules: { 'imports/no-import-cycle': 'error' },
  },
  {
    // The same in the web app, components .tsx included.
    files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
    plugins: { imports },
    rules: { 'imports/no-import-cycle': 'error' },
  },
  {
    // A feature never imports another; shared code lives in components/ and
    // lib/, and app/ puts the features together (docs/architecture.md 7).
    files: ['web/src/features/**'],
    plugins: { imports },
    rules: {
      'imports/no-cross-feature-import': ['error', { featuresRoot: 'web/src/features' }],
    },
  },
  // Shared code is shared because it knows no feature, and each room imports
  // only the rooms below it.
  webFence(['web/src/features/**'], [appRoom]),
  webFence(['web/src/components/**'], [featureRoom, appRoom]),
  webFence(['web/src/journal/**'], [featureRoom, appRoom]),
  webFence(['web/src/session/**'], [featureRoom, appRoom, journalRoom]),
  webFence(['web/src/lib/**'], [featureRoom, appRoom, journalRoom, sessionRoom]),
  {
    // Endpoints and the operator's commands call the auth schema's owners
    // (auth/accounts/, auth/sessions/) and write no SQL of their own on it.
    files: ['server/src/auth/*.ts', 'server/src/cli/**'],
    plugins: { 'auth-schema': authSchema },
    rules: { 'auth-schema/no-auth-schema-sql': 'error' },
  },
  {
    files: ['server/src/http/**', 'server/src/db/**', 'server/src/mail/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: apiFolders('auth', 'rest') }] },
  },
  // Inside auth/, machinery never imports what stands above it (docs/architecture.md 5).
  ...authLayers(['request', 'accounts', 'sessions', 'oauth', 'email']),
  {
    files: ['server/src/auth/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [noRest],
        },
      ],
    },
  },
  {
    // The data API's codes are named once, in rest/error-codes.ts.
    files: ['server/src/rest/**'],
    ignores: ['server/src/rest/error-codes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^PGRST/]',
          message: 'Name PostgREST codes through DataErrorCode (rest/error-codes.ts).',
        },
      ],
    },
  },
  {
    files: ['server/src/rest/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/auth/*', '**/auth/**'],
              message: 'The data API does not use the auth API.',
            },
          ],
        },
      ],
    },
  },
);
