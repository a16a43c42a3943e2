import { describe, expect, it } from 'vitest';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient } from '../helpers/users.ts';
import { createItemsTable, restFetch } from './fixtures.ts';

// POST, PATCH and DELETE with PostgREST's Prefer, Accept and Content-Range semantics.
const server = await serverForFile();
await createItemsTable(server);
const user = await signedInClient(server, 'mutations');

const JSON_HEADERS = { 'Content-Type': 'application/json' };

async function labels(): Promise<Array<{ label: string; qty: number }>> {
  const { data, error } = await user.client.from('items').select('label, qty').order('id');
  expect(error).toBeNull();
  return data as Array<{ label: string; qty: number }>;
}

describe('POST', () => {
  it('inserts one object and returns it with its defaults when asked', async () => {
    const { data, error, status } = await user.client
      .from('items')
      .insert({ label: 'pen' })
      .select()
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual({
      id: expect.any(Number),
      owner: user.userId,
      label: 'pen',
      qty: 1,
      note: null,
      created_at: expect.any(String),
    });
  });

  it('inserts an array as one statement: the rows share created_at', async () => {
    const { data, error } = await user.client
      .from('items')
      .insert([{ label: 'a' }, { label: 'b' }, { label: 'c' }])
      .select('id, created_at');
    expect(error).toBeNull();
    const rows = data as Array<{ id: number; created_at: string }>;
    expect(new Set(rows.map((r) => r.id)).size).toBe(3);
    expect(new Set(rows.map((r) => r.created_at)).size).toBe(1);
  });

  it('fills keys missing from some rows with NULL, or with the default under missing=default', async () => {
    const rows = [{ label: 'x', qty: 5 }, { label: 'y' }];
    const nulls = await user.client.from('items').insert(rows);
    expect(nulls).toMatchObject({ status: 400, error: { code: '23502' } });

    const defaults = await user.client
      .from('items')
      .insert(rows, { defaultToNull: false })
      .select('label, qty, owner');
    expect(defaults.error).toBeNull();
    expect(defaults.data).toEqual([
      { label: 'x', qty: 5, owner: user.userId },
      { label: 'y', qty: 1, owner: user.userId },
    ]);
  });

  it('answers return=minimal with 201, no body and Content-Range */*', async () => {
    const res = await restFetch(server, '/items', {
      method: 'POST',
      token: user.accessToken,
      headers: { ...JSON_HEADERS, Prefer: 'return=minimal' },
      body: JSON.stringify([{ label: 'm1' }, { label: 'm2' }]),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-range')).toBe('*/*');
    expect(res.headers.get('preference-applied')).toBe('return=minimal');
    expect(await res.text()).toBe('');

    const counted = await restFetch(server, '/items', {
      method: 'POST',
      token: user.accessToken,
      headers: { ...JSON_HEADERS, Prefer: 'return=minimal, count=exact' },
      body: JSON.stringify([{ label: 'm3' }, { label: 'm4' }]),
    });
    expect(counted.headers.get('content-range')).toBe('*/2');
  });

  it('answers return=headers-only with the Location of the new row', async () => {
    const res = await restFetch(server, '/items', {
      method: 'POST',
      token: user.accessToken,
      headers: { ...JSON_HEADERS, Prefer: 'return=headers-only' },
      body: JSON.stringify({ label: 'located' }),
    });
    expect(res.status).toBe(201);
    expect(await res.text()).toBe('');
    const location = res.headers.get('location');
    expect(location).toMatch(/^\/items\?id=eq\.\d+$/);
    const found = await restFetch(server, location!, { token: user.accessToken });
    expect(await found.json()).toMatchObject([{ label: 'located' }]);
  });

  it('writes only the columns named by columns=', async () => {
    const res = await restFetch(server, '/items?columns=label&select=label,qty', {
      method: 'POST',
      token: user.accessToken,
      headers: { ...JSON_HEADERS, Prefer: 'return=representation' },
      body: JSON.stringify([{ label: 'only-label', qty: 99 }]),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual([{ label: 'only-label', qty: 1 }]);
  });

  it('refuses a single-object insert of two rows with 406 and keeps neither', async () => {
    const before = (await labels()).length;
    const { error, status } = await user.client
      .from('items')
      .insert([{ label: 'twin' }, { label: 'twin' }])
      .select()
      .single();
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
    expect(await labels()).toHaveLength(before);
  });
});

describe('PATCH', () => {
  it('updates the filtered rows and returns them with return=representation', async () => {
    const { data, error, status } = await user.client
      .from('items')
      .update({ qty: 9, note: 'edited' })
      .eq('label', 'pen')
      .select('label, qty, note');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([{ label: 'pen', qty: 9, note: 'edited' }]);
  });

  it('answers 204 without a body by default, with the touched range when counted', async () => {
    const res = await restFetch(server, '/items?label=in.(a,b)', {
      method: 'PATCH',
      token: user.accessToken,
      headers: { ...JSON_HEADERS, Prefer: 'count=exact' },
      body: JSON.stringify({ qty: 2 }),
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('content-range')).toBe('0-1/2');
    expect((await labels()).filter((r) => r.qty === 2).map((r) => r.label)).toEqual(['a', 'b']);
  });

  it('rolls back a single-object update that touched two rows', async () => {
    const { error, status } = await user.client
      .from('items')
      .update({ qty: 50 })
      .in('label', ['a', 'b'])
      .select()
      .single();
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
    expect((await labels()).filter((r) => r.qty === 50)).toEqual([]);
  });

  it('touches nothing when the body names no column', async () => {
    const res = await restFetch(server, '/items?label=eq.pen', {
      method: 'PATCH',
      token: user.accessToken,
      headers: JSON_HEADERS,
      body: '{}',
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('content-range')).toBe('*/*');
  });
});

describe('DELETE', () => {
  it('deletes the filtered rows, returning them when asked, with an exact count', async () => {
    const { data, error, count, status } = await user.client
      .from('items')
      .delete({ count: 'exact' })
      .like('label', 'm*')
      .select('label');
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(count).toBe(4);
    expect((data as Array<{ label: string }>).map((r) => r.label).sort()).toEqual([
      'm1',
      'm2',
      'm3',
      'm4',
    ]);
    expect((await labels()).filter((r) => r.label.startsWith('m'))).toEqual([]);
  });

  it('refuses a single-object delete of several rows and deletes nothing', async () => {
    const before = await labels();
    const { error, status } = await user.client
      .from('items')
      .delete()
      .gte('qty', 0)
      .select()
      .single();
    expect(status).toBe(406);
    expect(error?.code).toBe('PGRST116');
    expect(await labels()).toEqual(before);
  });

  it('answers 204 and Content-Range */0 when nothing matched', async () => {
    const res = await restFetch(server, '/items?label=eq.none', {
      method: 'DELETE',
      token: user.accessToken,
      headers: { Prefer: 'count=exact' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('content-range')).toBe('*/0');
  });
});

describe('a larger page set', () => {
  it('pages 57 rows as PostgREST does: 0-24/57, then 50-56/57', async () => {
    const rows = Array.from({ length: 57 }, (_, n) => ({ label: `bulk-${n}`, qty: n }));
    expect((await user.client.from('items').insert(rows)).error).toBeNull();
    const pages: Array<[string, number, string, number]> = [
      ['limit=25', 206, '0-24/57', 25],
      ['limit=25&offset=50', 206, '50-56/57', 7],
      ['limit=100', 200, '0-56/57', 57],
    ];
    for (const [params, status, range, length] of pages) {
      const res = await restFetch(
        server,
        `/items?select=qty&label=like.bulk-*&order=qty&${params}`,
        {
          token: user.accessToken,
          headers: { Prefer: 'count=exact' },
        },
      );
      const body = (await res.json()) as Array<{ qty: number }>;
      expect({ params, status: res.status, range: res.headers.get('content-range') }).toEqual({
        params,
        status,
        range,
      });
      expect(body).toHaveLength(length);
    }
  });
});
