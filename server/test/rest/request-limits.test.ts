import { beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_ARRAY_ELEMENTS,
  MAX_FILTERS,
  MAX_LIST_CHARACTERS,
  MAX_LIST_VALUES,
  MAX_PATTERNS,
  MAX_ROWS,
} from '../../src/rest/query-limits.ts';
import { seedHistory } from '../helpers/seed-history.ts';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient } from '../helpers/users.ts';
import { expectRefusedResponse } from './fixtures.ts';

// The bounds of ADR 025 on what one data request may ask for: each answers a
// PostgREST-shaped 400 naming the bound, and a request just inside it works.

const server = await serverForFile();
const user = await signedInClient(server, 'bounded');

describe('bounds on one data request', () => {
  beforeAll(() => seedHistory(server.database.db, user.userId, MAX_ROWS + 200), 120_000);

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
    await expectRefusedResponse(over, 400, {
      code: 'PGRST100',
      message: 'Too many filters',
      details: `A request may apply at most ${MAX_FILTERS} filters (counting those inside or/and); it applied ${MAX_FILTERS + 1}`,
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
  it(`refuses in.() lists of more than ${MAX_LIST_VALUES} values in all, through supabase-js`, async () => {
    const values = (n: number, text = 'Activity') =>
      Array.from({ length: n }, (_, i) => `${text} ${i + 1}`);
    const inside = await user.client
      .from('activities')
      .select('activity')
      .in('activity', values(MAX_LIST_VALUES - 10))
      .in('notes', values(10, 'Notes for'));
    expect(inside.error).toBeNull();
    expect(inside.data?.length).toBeGreaterThan(0);
    const over = await user.client
      .from('activities')
      .select('activity')
      .in('activity', values(MAX_LIST_VALUES - 10))
      .in('notes', values(11, 'Notes for'));
    expect(over.status).toBe(400);
    expect(over.error).toMatchObject({
      code: 'PGRST100',
      message: 'Too many list values',
      details: `A request may list at most ${MAX_LIST_VALUES} values in its in.() filters; it listed ${MAX_LIST_VALUES + 1}`,
    });
    // An or=() item counts the same.
    const nested = await get(`or=(activity.in.(${values(MAX_LIST_VALUES + 1).join(',')}))`);
    expect(nested.status).toBe(400);
    expect((await nested.json()).message).toBe('Too many list values');
  });

  it(`refuses cs/cd arrays of more than ${MAX_ARRAY_ELEMENTS} elements in all`, async () => {
    const tags = (n: number) => Array.from({ length: n }, (_, i) => `"tag, ${i}"`);
    const inside = await user.client
      .from('activities')
      .select('created_at')
      .contains('tag_keys', tags(1))
      .containedBy('tag_keys', tags(MAX_ARRAY_ELEMENTS - 1));
    expect(inside.error).toBeNull();
    for (const operator of ['cs', 'cd']) {
      const over = await get(`tag_keys=${operator}.{${tags(MAX_ARRAY_ELEMENTS + 1).join(',')}}`);
      await expectRefusedResponse(over, 400, {
        code: 'PGRST100',
        message: 'Too many array elements',
        details: `A request may give at most ${MAX_ARRAY_ELEMENTS} array elements to its cs/cd filters; it gave ${MAX_ARRAY_ELEMENTS + 1}`,
      });
    }
  });

  it(`refuses lists and arrays of more than ${MAX_LIST_CHARACTERS} characters together`, async () => {
    const long = 'z'.repeat(MAX_LIST_CHARACTERS / 2);
    const inside = await get(`activity=in.(${long})&tag_keys=cs.{${'z'.repeat(long.length - 2)}}`);
    expect(inside.status).toBe(200);
    const over = await get(`activity=in.(${long})&tag_keys=cs.{${'z'.repeat(long.length - 1)}}`);
    await expectRefusedResponse(over, 400, {
      code: 'PGRST100',
      message: 'List values too long',
      details: `The in.() lists and cs/cd arrays of a request may hold at most ${MAX_LIST_CHARACTERS} characters together; they held ${MAX_LIST_CHARACTERS + 1}`,
    });
  });

  it('still reads every value of an in.() list long enough to hash, of any column type', async () => {
    const { data: page } = await user.client
      .from('activities')
      .select('created_at, energy')
      .order('created_at')
      .limit(20);
    const times = (page ?? []).map((row) => row.created_at as string);
    const byTime = await user.client
      .from('activities')
      .select('created_at')
      .in('created_at', times);
    expect(byTime.data).toHaveLength(20);
    const energies = [...new Set((page ?? []).map((row) => row.energy as number))];
    const byEnergy = await user.client
      .from('activities')
      .select('energy')
      .in('energy', energies)
      .limit(MAX_ROWS);
    expect(byEnergy.error).toBeNull();
    expect(new Set(byEnergy.data?.map((row) => row.energy))).toEqual(new Set(energies));
    const malformed = await user.client.from('activities').select('energy').in('energy', ['x']);
    expect(malformed.status).toBe(400);
    expect(malformed.error?.code).toBe('22P02');
  });
});
