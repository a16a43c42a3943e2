import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HistoryTab } from '../../src/features/history/components/HistoryTab.tsx';
import { recordActivities } from '../support/activities.ts';
import { shownActivities } from '../support/history-screen.ts';
import { recordStates } from '../support/record-states.ts';
import { renderSignedInTab } from '../support/render-app.tsx';
import { tabTo } from '../support/tab-to.ts';
import { signUpAppUser, type AppUser } from '../support/users.ts';

/** HistoryTab waits this long after the last filter change before it asks the server. */
const FILTER_DEBOUNCE_MS = 250;

async function openFilters(account: AppUser) {
  const user = userEvent.setup();
  renderSignedInTab(<HistoryTab />, account);
  const toggle = await screen.findByRole('button', { name: /Filters/ });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return {
    user,
    minEnergy: screen.getByRole('slider', { name: 'Min Energy' }),
    minEngagement: screen.getByRole('slider', { name: 'Min Engagement' }),
    flowOnly: screen.getByRole('switch', { name: 'Flow State Only' }),
  };
}

describe('the Look Back filters', () => {
  it('open in a panel with two sliders from 0 to 100 and the Flow State Only switch', async () => {
    const { minEnergy, minEngagement, flowOnly } = await openFilters(
      await signUpAppUser('filters-panel'),
    );
    for (const slider of [minEnergy, minEngagement]) {
      expect(slider).toHaveAttribute('aria-valuemin', '0');
      expect(slider).toHaveAttribute('aria-valuemax', '100');
      expect(slider).toHaveAttribute('aria-valuenow', '0');
    }
    expect(flowOnly).not.toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: /Filters/ }));
    expect(screen.queryByRole('slider', { name: 'Min Energy' })).not.toBeInTheDocument();
  });

  it('hide what is below the minimums or not in flow, and show it again when relaxed', async () => {
    const account = await signUpAppUser('filters');
    await recordActivities(account, [
      { activity: 'Commute', energy: 20, engagement: 40 },
      { activity: 'Painting', energy: 85, engagement: 90, flowState: true },
      { activity: 'Team meeting', energy: 55, engagement: 65 },
    ]);
    const { user, minEnergy, minEngagement, flowOnly } = await openFilters(account);
    await waitFor(() => expect(shownActivities()).toEqual(['Team meeting', 'Painting', 'Commute']));

    await tabTo(user, minEnergy);
    await user.keyboard('{PageUp>5/}');
    expect(minEnergy).toHaveAttribute('aria-valuenow', '50');
    expect(minEnergy).toHaveAttribute('aria-valuetext', '50%');
    await waitFor(() => expect(shownActivities()).toEqual(['Team meeting', 'Painting']));

    // A minimum counts itself: Team meeting (55) goes at 56 and is back at 55.
    await user.keyboard('{ArrowRight>6/}');
    expect(minEnergy).toHaveAttribute('aria-valuenow', '56');
    await waitFor(() => expect(shownActivities()).toEqual(['Painting']));
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(shownActivities()).toEqual(['Team meeting', 'Painting']));
    await user.keyboard('{ArrowLeft>5/}');
    expect(minEnergy).toHaveAttribute('aria-valuenow', '50');

    await tabTo(user, minEngagement);
    await user.keyboard('{PageUp>7/}');
    await waitFor(() => expect(shownActivities()).toEqual(['Painting']));

    await user.keyboard('{Home}');
    await tabTo(user, minEnergy);
    await user.keyboard('{Home}');
    await waitFor(() => expect(shownActivities()).toEqual(['Team meeting', 'Painting', 'Commute']));

    await user.click(flowOnly);
    expect(flowOnly).toBeChecked();
    await waitFor(() => expect(shownActivities()).toEqual(['Painting']));

    await user.click(flowOnly);
    await waitFor(() => expect(shownActivities()).toHaveLength(3));
  });

  it('say "No activities match the filters." when they hide everything', async () => {
    const account = await signUpAppUser('filters-none');
    await recordActivities(account, [
      { activity: 'Gardening', energy: 60, engagement: 70 },
      { activity: 'Reading', energy: 40, engagement: 80, flowState: true },
    ]);
    const { user, minEnergy } = await openFilters(account);
    await waitFor(() => expect(shownActivities()).toEqual(['Reading', 'Gardening']));

    await tabTo(user, minEnergy);
    await user.keyboard('{End}');
    expect(await screen.findByText('No activities match the filters.')).toBeInTheDocument();
    expect(shownActivities()).toEqual([]);

    await user.keyboard('{Home}');
    await waitFor(() => expect(shownActivities()).toEqual(['Reading', 'Gardening']));
    expect(screen.queryByText('No activities match the filters.')).not.toBeInTheDocument();
  });

  it('still tell a new user that nothing is recorded yet', async () => {
    const { user, flowOnly } = await openFilters(await signUpAppUser('filters-new'));
    const section = screen.getByRole('region', { name: 'Activity History' });
    await screen.findByText('No activities recorded yet.');

    const texts = recordStates(section, () => section.textContent ?? '');
    await user.click(flowOnly);
    // The screen keeps its old message until the filters settle; only then is it the answer.
    await new Promise((settled) => setTimeout(settled, FILTER_DEBOUNCE_MS + 100));
    await waitFor(() => {
      expect(screen.queryByText('Loading activities')).not.toBeInTheDocument();
      expect(screen.getByText('No activities recorded yet.')).toBeInTheDocument();
    });
    texts.stop();
    expect(texts.states.filter((text) => text.includes('match the filters'))).toEqual([]);
  });
});
