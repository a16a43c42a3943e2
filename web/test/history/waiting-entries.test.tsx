import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HistoryTab } from '../../src/features/history/components/HistoryTab.tsx';
import { outboxStore } from '../../src/journal/outbox/outbox-store.ts';
import { renderSignedInTab } from '../support/render-app.tsx';
import { signUpAppUser } from '../support/users.ts';

// An entry saved offline waits in the outbox (docs/decisions/041); Look Back
// shows it with every value the person gave, marked as not yet sent, so
// nothing they entered seems lost until the network returns.

function goOffline() {
  // The browser's own flag: the outbox sends nothing while it says offline.
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
}
afterEach(() => {
  delete (navigator as { onLine?: boolean }).onLine;
});

describe('an entry waiting on this device, in Look Back', () => {
  it('shows its energy, engagement, flow, notes and tags, marked Waiting to sync', async () => {
    const account = await signUpAppUser('waiting-values');
    await outboxStore(account.id).put({
      entryKey: crypto.randomUUID(),
      entry: {
        entryKey: crypto.randomUUID(),
        activity: 'Reading on the train',
        energy: 72,
        engagement: 35,
        flowState: true,
        notes: 'Two chapters',
        tags: ['commute', 'books'],
        createdAt: new Date().toISOString(),
      },
      savedAt: Date.now(),
      attempts: 0,
      retryAt: 0,
    });
    goOffline();
    renderSignedInTab(<HistoryTab />, account);

    const waiting = await screen.findByRole('region', { name: 'Not yet sent' });
    const entry = within(waiting).getByRole('listitem');
    expect(entry).toHaveTextContent('Reading on the train');
    expect(entry).toHaveTextContent('Flow');
    expect(entry).toHaveTextContent(/Energy\s*72%/);
    expect(entry).toHaveTextContent(/Engagement\s*35%/);
    expect(entry).toHaveTextContent('Two chapters');
    expect(within(entry).getByRole('group', { name: 'Tags' })).toHaveTextContent('commutebooks');
    expect(entry).toHaveTextContent('Waiting to sync');
  });
});
