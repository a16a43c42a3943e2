import { text } from 'node:stream/consumers';
import type { Page } from 'playwright-core';

/**
 * Presses `button` and reads the file it downloads. Streamed, not read from a
 * path: the shared Chromium is connected to, not launched (support/shared-app.ts),
 * and a connected browser's downloads have no local path.
 */
export async function downloadByButton(
  page: Page,
  button: string,
): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return { name: file.suggestedFilename(), text: await text(await file.createReadStream()) };
}
