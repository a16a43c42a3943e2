// Draws the installed app's icons (web/public/icons/) from our logo, the same
// drawing as web/public/favicon.svg, in the system Chromium. The PNGs are
// committed; run this again only when the logo changes:
//   node scripts/make-app-icons.ts
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/support/browser.ts';

const ICONS_DIR = fileURLToPath(new URL('../web/public/icons/', import.meta.url));
const BRAND_PURPLE = '#7c3aed';
const BOLT = '<path d="M18 5 9 18h6l-2 9 9-13h-6z" fill="#fbbf24"/>';

// "any": the round logo on a transparent square, as in the favicon.
const ROUND_LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="15" fill="${BRAND_PURPLE}"/>${BOLT}</svg>`;

// "maskable": launchers cut their own shape out of the square and keep only
// a centred circle of 80% of its width for sure, so the background fills the
// square and the bolt stays inside that circle.
const MASKABLE_LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND_PURPLE}"/><g transform="translate(16 16) scale(0.8) translate(-16 -16)">${BOLT}</g></svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: ROUND_LOGO },
  { file: 'icon-512.png', size: 512, svg: ROUND_LOGO },
  { file: 'icon-maskable-512.png', size: 512, svg: MASKABLE_LOGO },
  // iOS puts its own rounded corners on an opaque square.
  { file: 'apple-touch-icon-180.png', size: 180, svg: MASKABLE_LOGO },
];

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  await mkdir(ICONS_DIR, { recursive: true });
  for (const { file, size, svg } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
    );
    const png = await page.screenshot({ omitBackground: true });
    await writeFile(`${ICONS_DIR}${file}`, png);
    await page.close();
    console.log(`web/public/icons/${file}: ${size}×${size}, ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
