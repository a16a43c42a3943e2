import { describe, expect, it } from 'vitest';
import { useApp } from '../support/app-harness.ts';
import { messageShown, openTab, trackForm } from '../support/app-steps.ts';
import { expectAxeCleanLightAndDark } from '../support/axe.ts';
import { skipBrowserTests } from '../support/browser.ts';
import { tabTo } from '../support/keyboard.ts';
import { expectFits } from '../support/layout.ts';
import {
  OFFLINE_ERRORS,
  outboxRecords,
  savedOnDeviceToast,
  storedEntries,
  waitingIndicator,
} from '../support/outbox.ts';

// A question of the person's own (docs/decisions/084), through what only a
// browser shows: defined in Profile, answered on Track by keyboard on a
// screen 320 px wide (both screens clean under axe-core), saved offline, and stored once with its entry when
// the network returns. What each screen shows and sends is the component
// tests' (web/test/profile, web/test/track, web/test/history).

describe.skipIf(skipBrowserTests)('own questions', () => {
  const app = useApp();

  it('are defined in Profile, answered by keyboard at 320 px, and saved offline once', async () => {
    const { page, context, errors } = await app.signedUpOnTrack('own-questions');
    errors.allow(OFFLINE_ERRORS, 'offline, reads fail; the outbox is what this test is about');

    await openTab(page, 'Profile');
    const section = page.getByRole('region', { name: 'Your questions' });
    await section.getByRole('button', { name: 'Add a question' }).click();
    await section.getByLabel('Question', { exact: true }).fill('Caffeine');
    await section.getByRole('button', { name: 'Save question' }).click();
    await messageShown(page, 'status', /^Question saved$/);
    await expectAxeCleanLightAndDark(page);

    await openTab(page, 'Track');
    await page.setViewportSize({ width: 320, height: 640 });
    const group = page.getByRole('group', { name: 'Your questions' });
    const yes = group.getByRole('radio', { name: 'Yes' });
    await yes.waitFor({ state: 'attached' });
    const form = trackForm(page);
    await form.activity.focus();
    await page.keyboard.type('Train ride');
    // From the activity past the dials, Flow State, Notes and Tags, to the
    // question's first choice; Space chooses it.
    await tabTo(page, yes, 20);
    await page.keyboard.press('Space');
    expect(await yes.isChecked()).toBe(true);
    await expectFits(page, 320);
    await expectAxeCleanLightAndDark(page);

    await context.setOffline(true);
    await form.save.click();
    await savedOnDeviceToast(page).waitFor();
    const [kept] = await outboxRecords(page);

    await context.setOffline(false);
    await waitingIndicator(page).waitFor({ state: 'detached' });
    const stored = await storedEntries(page);
    // Four answers of the journal (notes left blank) and the own one, at one instant, once.
    expect(stored.get(kept!.entryKey)?.rows).toBe(5);
    expect(stored.get(kept!.entryKey)?.times.size).toBe(1);
    expect(stored.get(kept!.entryKey)?.answers).toContain('true');

    await openTab(page, 'Look Back');
    const entries = page.getByRole('list', { name: 'Activities' }).getByRole('listitem');
    await entries
      .getByRole('group', { name: 'Your questions' })
      .getByText('Caffeine: Yes')
      .waitFor();
    expect(await entries.count()).toBe(1);
  });
});
