import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient } from '../helpers/users.ts';
import { createItemsTable, restFetch } from './fixtures.ts';

// Every filter operator, or=/and= trees, not., ordering and paging, as
// supabase-js writes them, checked against the rows PostgreSQL returns.
const server = await serverForFile();
await createItemsTable(server);
const user = await signedInClient(server, 'filters');
beforeAll(async () => {
  const { error } = await user.client.from('items').insert([
    { label: 'apple', qty: 3, note: 'red' },
    { label: 'Banana', qty: 7, note: null },
    { label: 'cherry', qty: 12, note: 'x,y' },
    { label: 'date', qty: 7, note: '(weird) "quoted"' },
  ]);
  if (error) throw new Error(error.message);
});

const items = () => user.client.from('items').select('label');

async function labelsOf(query: PromiseLike<{ data: unknown; error: unknown }>): Promise<string[]> {
  const { data, error } = await query;
  expect(error).toBeNull();
  return (data as Array<{ label: string }>).map((r) => r.label);
}

describe('filter operators', () => {
  const cases: Array<[string, () => PromiseLike<{ data: unknown; error: unknown }>, string[]]> = [
    ['eq', () => items().eq('qty', 7).order('label'), ['Banana', 'date']],
    ['neq', () => items().neq('qty', 7).order('label'), ['apple', 'cherry']],
    ['gt', () => items().gt('qty', 7), ['cherry']],
    ['gte', () => items().gte('qty', 7).order('qty').order('label'), ['Banana', 'date', 'cherry']],
    ['lt', () => items().lt('qty', 7), ['apple']],
    ['lte', () => items().lte('qty', 3), ['apple']],
    ['like with *', () => items().like('label', '*an*'), ['Banana']],
    ['like is case-sensitive', () => items().like('label', 'b*'), []],
    ['ilike', () => items().ilike('label', 'b*'), ['Banana']],
    ['is null', () => items().is('note', null), ['Banana']],
    [
      'not is null',
      () => items().not('note', 'is', null).order('label'),
      ['apple', 'cherry', 'date'],
    ],
    [
      'in',
      () => items().in('label', ['apple', 'cherry', 'nope']).order('label'),
      ['apple', 'cherry'],
    ],
    ['in with a comma in a value', () => items().in('note', ['x,y']), ['cherry']],
    [
      'not in',
      () => items().not('label', 'in', '(apple,cherry)').order('label'),
      ['Banana', 'date'],
    ],
    ['empty in', () => items().in('label', []), []],
    ['eq text with symbols', () => items().eq('note', '(weird) "quoted"'), ['date']],
  ];
  it.each(cases)('%s', async (_name, query, expected) => {
    expect(await labelsOf(query())).toEqual(expected);
  });
});

describe('logic trees', () => {
  it('or=() of two conditions', async () => {
    expect(await labelsOf(items().or('qty.lt.5,qty.gt.10').order('label'))).toEqual([
      'apple',
      'cherry',
    ]);
  });

  it('or=() with a nested and() and is', async () => {
    const query = items().or('and(qty.eq.7,note.is.null),label.eq.apple').order('label');
    expect(await labelsOf(query)).toEqual(['Banana', 'apple']);
  });

  it('not.or=() and a negated item inside', async () => {
    const res = await restFetch(
      server,
      '/items?select=label&not.or=(qty.eq.7,label.not.eq.apple)',
      {
        token: user.accessToken,
      },
    );
    expect(await res.json()).toEqual([{ label: 'apple' }]);
  });

  it('in.() items quoted with escapes; an unescaped quote is a syntax error', async () => {
    const escaped = encodeURIComponent('in.("(weird) \\"quoted\\"",red)');
    const res = await restFetch(server, `/items?select=label&note=${escaped}&order=label`, {
      token: user.accessToken,
    });
    expect(await res.json()).toEqual([{ label: 'apple' }, { label: 'date' }]);
    // supabase-js quotes but does not escape; PostgREST would ignore the tail, we refuse it.
    const { error, status } = await items().in('note', ['(weird) "quoted"']);
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST100');
  });

  it('or=() with a quoted value holding the delimiters', async () => {
    expect(await labelsOf(items().or('note.eq."x,y",note.eq.red').order('label'))).toEqual([
      'apple',
      'cherry',
    ]);
  });

  it('or=() combined with a plain filter: both hold', async () => {
    expect(
      await labelsOf(items().or('qty.eq.7,qty.eq.3').neq('label', 'date').order('label')),
    ).toEqual(['Banana', 'apple']);
  });
});

describe('order and paging', () => {
  it('orders by several columns, with nulls placement', async () => {
    const byQty = items().order('qty', { ascending: false }).order('label', { ascending: true });
    expect(await labelsOf(byQty)).toEqual(['cherry', 'Banana', 'date', 'apple']);
    const nullsFirst = items().order('note', { ascending: true, nullsFirst: true }).limit(1);
    expect(await labelsOf(nullsFirst)).toEqual(['Banana']);
    const nullsLast = items().order('note', { ascending: true, nullsFirst: false });
    expect((await labelsOf(nullsLast)).at(-1)).toBe('Banana');
  });

  it('limits and offsets', async () => {
    expect(await labelsOf(items().order('qty').order('label').range(1, 2))).toEqual([
      'Banana',
      'date',
    ]);
    expect(await labelsOf(items().order('qty').limit(0))).toEqual([]);
  });

  it('strips nulls from rows when asked', async () => {
    const res = await restFetch(server, '/items?select=label,note&label=eq.Banana', {
      token: user.accessToken,
      headers: { Accept: 'application/vnd.pgrst.array+json;nulls=stripped' },
    });
    expect(res.headers.get('content-type')).toMatch(
      /^application\/vnd\.pgrst\.array\+json;nulls=stripped/,
    );
    expect(await res.json()).toEqual([{ label: 'Banana' }]);
  });

  it('returns a single object for maybeSingle() and single()', async () => {
    const one = await user.client.from('items').select('label').eq('label', 'apple').single();
    expect(one).toMatchObject({ status: 200, data: { label: 'apple' } });
    const none = await user.client.from('items').select('label').eq('label', 'kiwi').maybeSingle();
    expect(none).toMatchObject({ error: null, data: null });
    const res = await restFetch(server, '/items?select=label&label=eq.kiwi', {
      token: user.accessToken,
      headers: { Accept: 'application/vnd.pgrst.object+json' },
    });
    expect(res.status).toBe(406);
    expect(await res.json()).toMatchObject({
      code: 'PGRST116',
      details: 'The result contains 0 rows',
    });
  });
});
