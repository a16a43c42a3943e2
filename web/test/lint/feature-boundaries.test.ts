import { describe, expect, it } from 'vitest';
import { lintMessages } from '../support/lint-messages.ts';

// eslint.config.js: a feature never imports another, and shared code
// (components/, journal/, session/, lib/) none at all; app/ puts the features
// together. The rooms below the features import only down: the journal no
// app/, the session no journal, lib/ neither journal nor session.

const CROSS_FEATURE = 'imports/no-cross-feature-import';
const IN_TRACK = 'web/src/features/track/api/lint-example.ts';

/** The features the messages name as imported from. */
const importedFeatures = (messages: string[]) =>
  messages.map((message) => /must not import from features\/([^/]+)\//.exec(message)?.[1]);

describe('imports between features', () => {
  it('refuses an import from another feature, in every form an import takes', async () => {
    const code = [
      "import { historyQueryKeys } from '../../history/api/query-keys.ts';",
      "export { PERIODS } from '../../insights/periods.ts';",
      "export * from '../../your-data/entry.ts';",
      "export const profileTab = () => import('../../profile/components/ProfileTab.tsx');",
      "export type Filters = typeof import('../../history/filters.ts');",
      'export const keys = historyQueryKeys;',
    ].join('\n');
    const messages = await lintMessages(IN_TRACK, code, CROSS_FEATURE);
    expect(importedFeatures(messages)).toEqual([
      'history',
      'insights',
      'your-data',
      'profile',
      'history',
    ]);
    expect(messages[0]).toBe(
      "features/track/ must not import from features/history/ ('../../history/api/query-keys.ts'): move what both need to components/, journal/, session/ or lib/, or let app/ put them together.",
    );
  });

  it('lets a feature import its own files, shared code and packages', async () => {
    const code = [
      "import { useQuery } from '@tanstack/react-query';",
      "import { EntryFields } from '../../../components/entry-fields/EntryFields.tsx';",
      "import { ACTIVITIES_QUERY_KEY } from '../../../journal/query-keys.ts';",
      "import { useSignedInUser } from '../../../session/signed-in-session.tsx';",
      "import { within } from '../../../lib/within.ts';",
      "import { pastTime } from '../past-time.ts';",
      "import { trackQueryKeys } from './query-keys.ts';",
      'export const used = [useQuery, EntryFields, ACTIVITIES_QUERY_KEY, useSignedInUser, within, pastTime, trackQueryKeys];',
    ].join('\n');
    expect(await lintMessages(IN_TRACK, code, CROSS_FEATURE)).toEqual([]);
  });

  it('lets app/ import every feature', async () => {
    const code = [
      "import { HistoryTab } from '../features/history/components/HistoryTab.tsx';",
      "import { TrackTab } from '../features/track/components/TrackTab.tsx';",
      'export const tabs = [HistoryTab, TrackTab];',
    ].join('\n');
    expect(await lintMessages('web/src/app/lint-example.tsx', code, CROSS_FEATURE)).toEqual([]);
  });
});

describe('shared code', () => {
  it.each([
    'web/src/lib/lint-example.ts',
    'web/src/components/lint-example.tsx',
    'web/src/journal/lint-example.ts',
    'web/src/session/lint-example.ts',
  ])('in %s imports no feature', async (file) => {
    const code = [
      "import { trackQueryKeys } from '../features/track/api/query-keys.ts';",
      'export const keys = trackQueryKeys;',
    ].join('\n');
    expect(await lintMessages(file, code, 'no-restricted-imports')).toEqual([
      "'../features/track/api/query-keys.ts' import is restricted from being used by a pattern. Shared web code must not depend on a feature; move what it needs here.",
    ]);
  });
});

describe('the rooms below the features', () => {
  const restricted = (file: string, imported: string) =>
    lintMessages(
      file,
      `import * as other from '${imported}';\nexport const used = other;`,
      'no-restricted-imports',
    );

  it.each([
    ['web/src/journal/outbox/lint-example.ts', '../../app/SignedInProviders.tsx'],
    ['web/src/session/lint-example.ts', '../app/signed-in-cache.ts'],
    ['web/src/components/lint-example.tsx', '../app/MainApp.tsx'],
    ['web/src/features/track/lint-example.ts', '../../app/MainApp.tsx'],
  ])('%s does not import app/ (%s)', async (file, imported) => {
    expect(await restricted(file, imported)).toEqual([
      `'${imported}' import is restricted from being used by a pattern. Only main.tsx and App.tsx import app/, which puts the features together.`,
    ]);
  });

  it('keeps the journal out of the session and lib/', async () => {
    for (const file of ['web/src/session/lint-example.ts', 'web/src/lib/lint-example.ts']) {
      expect(await restricted(file, '../journal/journal-db.ts')).toEqual([
        "'../journal/journal-db.ts' import is restricted from being used by a pattern. The session and lib/ stand below the journal; move what both need down.",
      ]);
    }
  });

  it('keeps the session out of lib/', async () => {
    expect(await restricted('web/src/lib/lint-example.ts', '../session/auth-client.ts')).toEqual([
      "'../session/auth-client.ts' import is restricted from being used by a pattern. lib/ holds generic helpers that know no session; move the helper to session/.",
    ]);
  });

  it('lets each room import the rooms below it', async () => {
    const allowed: Array<[string, string]> = [
      ['web/src/journal/lint-example.ts', '../session/clients-context.tsx'],
      ['web/src/journal/lint-example.ts', '../lib/within.ts'],
      ['web/src/session/lint-example.ts', '../lib/error-message.ts'],
      ['web/src/components/lint-example.tsx', '../journal/tags.ts'],
    ];
    for (const [file, imported] of allowed) expect(await restricted(file, imported)).toEqual([]);
  });
});
