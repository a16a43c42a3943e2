import type { Page } from 'playwright-core';
import { writeArtifact } from './artifacts.ts';
import { DESKTOP, PHONE } from './app-harness.ts';
import { settleAnimations } from './settle.ts';

interface Viewport {
  width: number;
  height: number;
}

/**
 * Saves what the screen looks like at each size as
 * e2e/artifacts/screens/<screen>-<width>x<height>[-dark].png, then puts the
 * page back on the phone size. Returns the files written.
 */
export async function screenshotAtSizes(
  page: Page,
  screen: string,
  { sizes = [PHONE, DESKTOP], suffix = '' }: { sizes?: Viewport[]; suffix?: string } = {},
): Promise<string[]> {
  const files: string[] = [];
  for (const size of sizes) {
    await page.setViewportSize(size);
    await settleAnimations(page);
    const name = `screens/${screen}-${size.width}x${size.height}${suffix}.png`;
    files.push(await writeArtifact(name, await page.screenshot()));
  }
  await page.setViewportSize(PHONE);
  return files;
}
