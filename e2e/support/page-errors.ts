import type { Page } from 'playwright-core';

interface Allowance {
  pattern: RegExp;
  /** Why this error is what the app should do; kept so a reader of the test sees it. */
  why: string;
}

/**
 * Collects every uncaught exception and console error of a page. A test that
 * expects one (a 400 answer Chromium logs for a refused sign-in) says so with
 * `allow()`, naming the error and why; anything else fails the test.
 */
export class PageErrorLog {
  #unexpected: string[] = [];
  #allowances: Allowance[] = [];

  constructor(page: Page) {
    page.on('pageerror', (error) => this.#record(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const { url } = message.location();
      this.#record(`console.error: ${message.text()}${url ? ` (at ${url})` : ''}`);
    });
  }

  /** Permits errors matching `pattern` until `reset()` (the end of the test). */
  allow(pattern: RegExp, why: string): void {
    this.#allowances.push({ pattern, why });
  }

  /** The errors nobody allowed since the last call; the list starts empty again. */
  takeUnexpected(): string[] {
    const taken = this.#unexpected;
    this.#unexpected = [];
    return taken;
  }

  reset(): void {
    this.#allowances = [];
  }

  #record(entry: string) {
    if (!this.#allowances.some((a) => a.pattern.test(entry))) this.#unexpected.push(entry);
  }
}

/**
 * Chromium's own console line for an HTTP error answer to a fetch, which no
 * app code can suppress: allow exactly this status from exactly this path.
 */
export function httpErrorLine(status: number, path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    `^console\\.error: Failed to load resource: the server responded with a status of ${status} .*\\(at https?://[^/]+${escaped}`,
  );
}
