import { describe, expect, it } from 'vitest';
import { lintMessages } from '../support/lint-messages.ts';

// eslint.config.js: a feature never imports another, and shared code
// (components/, lib/) none at all; app/ puts the features together.

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
      "features/track/ must not import from features/history/ ('../../history/api/query-keys.ts'): move what both need to components/ or lib/, or let app/ put them together.",
    );
  });

  it('lets a feature import its own files, shared code and packages', async () => {
    const code = [
      "import { useQuery } from '@tanstack/react-query';",
      "import { EntryFields } from '../../../components/entry-fields/EntryFields.tsx';",
      "import { ACTIVITIES_QUERY_KEY } from '../../../lib/activities-query-key.ts';",
      "import { pastTime } from '../past-time.ts';",
      "import { trackQueryKeys } from './query-keys.ts';",
      'export const used = [useQuery, EntryFields, ACTIVITIES_QUERY_KEY, pastTime, trackQueryKeys];',
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
  it.each(['web/src/lib/lint-example.ts', 'web/src/components/lint-example.tsx'])(
    'in %s imports no feature',
    async (file) => {
      const code = [
        "import { trackQueryKeys } from '../features/track/api/query-keys.ts';",
        'export const keys = trackQueryKeys;',
      ].join('\n');
      expect(await lintMessages(file, code, 'no-restricted-imports')).toEqual([
        "'../features/track/api/query-keys.ts' import is restricted from being used by a pattern. Shared web code must not depend on a feature; move what it needs here.",
      ]);
    },
  );
});
