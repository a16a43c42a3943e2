import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { dial, dialValue } from './dial.ts';
import { waitUntil } from './wait.ts';

export const PASSWORD = 'correct horse battery staple';

/** An address no other test (or earlier run on a kept server) has used. */
export const uniqueEmail = (label: string) =>
  `${label}-${randomBytes(4).toString('hex')}@example.test`;

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Waits for the message with this role (a status or an alert) and text to be shown. */
export async function messageShown(
  page: Page,
  role: 'status' | 'alert',
  text: string | RegExp,
): Promise<void> {
  await page.getByRole(role).filter({ hasText: text }).waitFor();
}

export const trackHeading = (page: Page) =>
  page.getByRole('heading', { name: 'Track Activity', level: 1 });

/**
 * On the login screen in login mode, switches to sign-up and sends the form.
 * What the server answers (Track, or a link to confirm) is the caller's to see.
 */
export async function submitSignUp(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await page.getByRole('heading', { name: 'Create Account' }).waitFor();
  await page.getByPlaceholder('Enter your email').fill(email);
  await page.getByPlaceholder('Enter your password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** From the login screen in login mode, switches to sign-up and creates the account. */
export async function signUp(page: Page, email: string, password = PASSWORD): Promise<void> {
  if (pathOf(page) !== '/login') await page.goto('/login');
  await submitSignUp(page, email, password);
  await trackHeading(page).waitFor();
  expect(pathOf(page)).toBe('/');
}

/**
 * On the login screen in login mode, fills and sends the form. What follows
 * (Track, a second step, a refusal) is the caller's to see.
 */
export async function submitSignIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByPlaceholder('Enter your email').fill(email);
  await page.getByPlaceholder('Enter your password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs in from the login screen (login mode) and waits for the app. */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  await submitSignIn(page, email, password);
  await trackHeading(page).waitFor();
}

/**
 * Opens a link from one of our e-mails as a person does: the link shows a
 * page that uses it only when Continue is pressed (mail scanners only fetch).
 */
export async function openEmailLink(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await page.getByRole('button', { name: 'Continue' }).click();
}

export type TabName = 'Track' | 'Look Back' | 'Insights' | 'Profile';

const TAB_HEADINGS: Record<TabName, string> = {
  Track: 'Track Activity',
  'Look Back': 'Activity History',
  Insights: 'Insights',
  Profile: 'Profile',
};

/** Clicks a tab of the bottom bar and waits for its screen's heading. */
export async function openTab(page: Page, name: TabName): Promise<void> {
  const tab = page.getByRole('tab', { name, exact: true });
  await tab.click();
  expect(await tab.getAttribute('aria-selected')).toBe('true');
  await page.getByRole('heading', { name: TAB_HEADINGS[name], level: 1 }).waitFor();
}

export interface ActivityInput {
  activity: string;
  /** Whole tens: the dials are set with the keyboard, 10 % a step. */
  energy: number;
  engagement: number;
  flowState?: boolean;
  notes?: string;
}

/** The Track form's fields, found as a user finds them. */
export function trackForm(page: Page) {
  return {
    activity: page.getByPlaceholder('What are you doing?'),
    energy: dial(page, 'Energy'),
    engagement: dial(page, 'Engagement'),
    flowState: page.getByRole('switch', { name: 'Flow State' }),
    notes: page.getByPlaceholder('Any additional notes...'),
    save: page.getByRole('button', { name: 'Save Activity' }),
  };
}

/** The success banner after a save; its text is the app's own (the spec names none). */
export const savedToast = (page: Page): Locator =>
  page.getByRole('status').filter({ hasText: /^Activity saved!$/ });

/**
 * Fills the Track form (dials by keyboard) and saves it, then checks what the
 * user sees: the success toast and an empty form again.
 */
export async function saveActivity(page: Page, input: ActivityInput): Promise<void> {
  const form = trackForm(page);
  await form.activity.fill(input.activity);
  await setDialByKeyboard(form.energy, input.energy);
  await setDialByKeyboard(form.engagement, input.engagement);
  if (input.flowState) await form.flowState.click();
  if (input.notes) await form.notes.fill(input.notes);
  await form.save.click();
  await expectSavedAndReset(page);
}

async function setDialByKeyboard(slider: Locator, percent: number): Promise<void> {
  if (percent % 10 !== 0) throw new Error(`${percent} is not reachable in 10 % steps`);
  await slider.press('Home');
  for (let i = 0; i < percent / 10; i++) await slider.press('ArrowRight');
  expect(await dialValue(slider)).toBe(`${percent}%`);
}

/** docs/product.md 4: after a save the form is blank, both dials 0, flow off; Save waits for a name. */
export async function expectSavedAndReset(page: Page): Promise<void> {
  await savedToast(page).waitFor();
  const form = trackForm(page);
  await waitUntil(async () => (await form.activity.inputValue()) === '', 'the form to reset');
  expect(await dialValue(form.energy)).toBe('0%');
  expect(await dialValue(form.engagement)).toBe('0%');
  expect(await form.flowState.getAttribute('aria-checked')).toBe('false');
  expect(await form.notes.inputValue()).toBe('');
  expect(await form.save.isDisabled()).toBe(true);
}
