import { describe, expect, it } from 'vitest';
import { useApp } from '../support/app-harness.ts';

// Crawlers read /robots.txt as plain text; the app's HTML there is an invalid
// robots file (Lighthouse's SEO audit counts it).
describe('robots.txt from the production build', () => {
  const app = useApp();

  it('is a robots file, not the app', async () => {
    const res = await fetch(`${app.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const body = await res.text();
    expect(body).toMatch(/^User-agent: \*$/m);
    expect(body).not.toContain('<');
  });
});
