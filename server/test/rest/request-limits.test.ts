import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILTERS, MAX_PATTERNS, MAX_ROWS } from '../../src/rest/query-limits.ts';
import { seedHistory } from '../helpers/seed-history.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { signedInClient, type SignedInUser } from '../helpers/users.ts';

// The bounds of ADR 025 on what one data request may ask for: each answers a
// PostgREST-shaped 400 naming the bound, and a request just inside it works.

describe('bounds on one data request', () => {
  let server: TestServer;
  let user: SignedInUser;

  beforeAll(async () => {
    server = await startTestServer();
    user = await signedInClient(server, 'bounded');
    await seedHistory(server.database.db, user.userId, MAX_ROWS + 200);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  const get = (query: string) =>
    fetch(`${server.url}/rest/v1/activities?${query}`, {
      headers: {
        apikey: server.anonKey,
        authorization: `Bearer ${user.accessToken}`,
        prefer: 'count=exact',
      },
    });

  it(`refuses more than ${MAX_FILTERS} filters, counting those inside or=()`, async () => {
    const items = (n: number) => Array.from({ length: n }, (_, i) => `energy.neq.${i + 200}`);
    const inside = await get(`or=(${items(MAX_FILTERS - 1).join(',')})&energy=gte.0`);
    expect(inside.status).toBe(206);
    const over = await get(`or=(${items(MAX_FILTERS).join(',')})&energy=gte.0`);
    expect(over.status).toBe(400);
    expect(await over.json()).toEqual({
      code: 'PGRST100',
      message: 'Too many filters',
      details: `A request may apply at most ${MAX_FILTERS} filters (counting those inside or/and); it applied ${MAX_FILTERS + 1}`,
      hint: null,
    });
  });

  it(`refuses more than ${MAX_PATTERNS} like/ilike patterns through supabase-js`, async () => {
    const patterns = (n: number) =>
      Array.from({ length: n }, (_, i) => `notes.ilike.*${i}*`).join(',');
    const inside = await user.client.from('activities').select('notes').or(patterns(MAX_PATTERNS));
    expect(inside.error).toBeNull();
    const over = await user.client
      .from('activities')
      .select('notes')
      .or(patterns(MAX_PATTERNS))
      .like('activity', '*1*');
    expect(over.status).toBe(400);
    expect(over.error).toMatchObject({
      code: 'PGRST100',
      message: 'Too many pattern filters',
      details: `A request may apply at most ${MAX_PATTERNS} like/ilike or full-text filters; it applied ${MAX_PATTERNS + 1}`,
    });
  });

  it(`returns at most ${MAX_ROWS} rows a read, as PostgREST's db-max-rows does`, async () => {
    const all = await get('select=created_at');
    expect(all.status).toBe(206);
    expect(all.headers.get('content-range')).toBe(`0-${MAX_ROWS - 1}/${MAX_ROWS + 200}`);
    expect(await all.json()).toHaveLength(MAX_ROWS);

    const asked = await user.client
      .from('activities')
      .select('created_at')
      .limit(MAX_ROWS + 100);
    expect(asked.data).toHaveLength(MAX_ROWS);

    const pageTwo = await get(`select=created_at&offset=${MAX_ROWS}`);
    expect(pageTwo.headers.get('content-range')).toBe(
      `${MAX_ROWS}-${MAX_ROWS + 199}/${MAX_ROWS + 200}`,
    );
  });
});
