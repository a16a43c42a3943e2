import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient, type SignedInUser } from '../helpers/users.ts';
import { createItemsTable, expectRefusedResponse, restFetch } from './fixtures.ts';

// PostgREST's upsert, as supabase-js sends it: POST with `on_conflict=` and
// `Prefer: resolution=ignore-duplicates|merge-duplicates`, on a table a
// person may insert into and update (their own rows only, by RLS).

let alice: SignedInUser;
let bob: SignedInUser;

const server = await serverForFile();
await createItemsTable(server);
beforeAll(async () => {
  // A second unique key besides the primary key: one label per owner.
  await server.database.db.exec(
    'CREATE UNIQUE INDEX items_owner_label_idx ON public.items (owner, label)',
  );
  alice = await signedInClient(server, 'upsert-alice');
  bob = await signedInClient(server, 'upsert-bob');
});

type Item = { id: number; owner: string; label: string; qty: number; note: string | null };

async function itemsOf(ownerId: string): Promise<Array<Pick<Item, 'label' | 'qty' | 'note'>>> {
  const { rows } = await server.database.db.query<Pick<Item, 'label' | 'qty' | 'note'>>(
    'SELECT label, qty, note FROM public.items WHERE owner = $1 ORDER BY label',
    [ownerId],
  );
  return rows;
}

/** Alice's upsert on her (owner, label) key, as supabase-js sends it, with these columns back. */
function upsertByLabel(
  items: Array<Pick<Item, 'label' | 'qty'>>,
  columns: string,
  { ignoreDuplicates = false } = {},
) {
  return alice.client
    .from('items')
    .upsert(items, { onConflict: 'owner,label', ignoreDuplicates })
    .select(columns);
}

function post(path: string, prefer: string, body: unknown, token = alice.accessToken) {
  return restFetch(server, path, {
    method: 'POST',
    token,
    headers: { 'Content-Type': 'application/json', Prefer: prefer },
    body: JSON.stringify(body),
  });
}

describe('resolution=ignore-duplicates', () => {
  it('inserts the new rows, skips the conflicting ones and returns only what it inserted', async () => {
    await alice.client.from('items').insert({ label: 'ink', qty: 1 });
    const { data, error, status } = await upsertByLabel(
      [
        { label: 'ink', qty: 9 },
        { label: 'nib', qty: 2 },
      ],
      'label, qty',
      { ignoreDuplicates: true },
    );
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([{ label: 'nib', qty: 2 }]);
    expect(await itemsOf(alice.userId)).toEqual([
      { label: 'ink', qty: 1, note: null },
      { label: 'nib', qty: 2, note: null },
    ]);
  });

  it('answers as PostgREST does: 201, Preference-Applied naming the resolution, no body by default', async () => {
    const res = await post('/items?on_conflict=owner,label', 'resolution=ignore-duplicates', {
      label: 'ink',
      qty: 3,
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('preference-applied')).toBe('resolution=ignore-duplicates');
    expect(res.headers.get('content-range')).toBe('*/*');
    expect(await res.text()).toBe('');
  });

  it('skips a key repeated within one payload after its first row', async () => {
    const { data, error } = await upsertByLabel(
      [
        { label: 'cap', qty: 1 },
        { label: 'cap', qty: 2 },
      ],
      'label, qty',
      { ignoreDuplicates: true },
    );
    expect(error).toBeNull();
    expect(data).toEqual([{ label: 'cap', qty: 1 }]);
  });
});

describe('resolution=merge-duplicates', () => {
  it('updates the conflicting rows with the payload’s columns and returns every row it wrote', async () => {
    await alice.client.from('items').insert({ label: 'pad', qty: 1, note: 'kept' });
    const { data, error, status } = await upsertByLabel(
      [
        { label: 'pad', qty: 5 },
        { label: 'rule', qty: 1 },
      ],
      'label, qty, note',
    );
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([
      { label: 'pad', qty: 5, note: 'kept' },
      { label: 'rule', qty: 1, note: null },
    ]);
  });

  it('resolves on the primary key when no on_conflict is given', async () => {
    const { data: made } = await alice.client
      .from('items')
      .insert({ label: 'clip', qty: 1 })
      .select('id')
      .single();
    const id = (made as { id: number }).id;
    const { data, error } = await alice.client
      .from('items')
      .upsert({ id, label: 'clip', qty: 7 })
      .select('id, qty');
    expect(error).toBeNull();
    expect(data).toEqual([{ id, qty: 7 }]);
  });

  it('refuses a key repeated within one payload with 400, never 500', async () => {
    const res = await post('/items?on_conflict=owner,label', 'resolution=merge-duplicates', [
      { label: 'twice', qty: 1 },
      { label: 'twice', qty: 2 },
    ]);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: '21000' });
    expect((await itemsOf(alice.userId)).filter((i) => i.label === 'twice')).toEqual([]);
  });
});

describe('what stays a plain insert', () => {
  it('on_conflict without a resolution: a conflict is 409, as without it', async () => {
    const res = await post('/items?on_conflict=owner,label', 'return=minimal', {
      label: 'ink',
      qty: 1,
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: '23505' });
  });

  it('on_conflict on a read changes nothing', async () => {
    const read = await restFetch(server, '/items?select=label&on_conflict=owner&label=eq.ink', {
      token: alice.accessToken,
    });
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual([{ label: 'ink' }]);
  });
});

describe('bad on_conflict input is a 4xx in PostgREST’s error shape', () => {
  it('an unknown column: 400, 42703', async () => {
    const res = await post('/items?on_conflict=owner,nope', 'resolution=ignore-duplicates', {
      label: 'x',
    });
    await expectRefusedResponse(res, 400, {
      code: '42703',
      message: 'column items.nope does not exist',
    });
  });

  it('columns no unique index covers: PostgreSQL’s 42P10, 400', async () => {
    const res = await post('/items?on_conflict=qty', 'resolution=merge-duplicates', {
      label: 'y',
      qty: 1,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: '42P10',
      message: 'there is no unique or exclusion constraint matching the ON CONFLICT specification',
    });
  });

  it('a list that does not parse: 400 PGRST100', async () => {
    for (const list of ['', 'owner,,label', 'owner;label', '"owner']) {
      const res = await post(
        `/items?on_conflict=${encodeURIComponent(list)}`,
        'resolution=ignore-duplicates',
        { label: 'z' },
      );
      expect(res.status, list).toBe(400);
      expect((await res.json()).code, list).toBe('PGRST100');
    }
  });

  it('no combination of target, resolution, return and body answers 500', async () => {
    const targets = ['id', 'owner,label', 'label', 'qty', 'nope', 'id,id', 'owner,label,owner'];
    const prefers = [
      'resolution=ignore-duplicates',
      'resolution=merge-duplicates',
      'resolution=merge-duplicates,return=representation',
      'resolution=ignore-duplicates,return=headers-only',
      'resolution=merge-duplicates,missing=default',
    ];
    const bodies = [{}, [], { label: 'sweep' }, [{ label: 's1' }, { label: 's1' }], { id: 1 }];
    for (const target of targets) {
      for (const prefer of prefers) {
        for (const body of bodies) {
          const res = await post(`/items?on_conflict=${target}`, prefer, body);
          expect(res.status, `${target} ${prefer} ${JSON.stringify(body)}`).toBeLessThan(500);
        }
      }
    }
  });
});

describe('row-level security decides every upsert', () => {
  it("another person's row is neither changed nor returned through a conflicting key", async () => {
    const { data: made } = await alice.client
      .from('items')
      .insert({ label: 'private', qty: 1, note: 'alice only' })
      .select('id')
      .single();
    const id = (made as { id: number }).id;

    // DO UPDATE needs the UPDATE policy to pass on the existing row: it does not.
    const merge = await bob.client
      .from('items')
      .upsert({ id, label: 'mine now', qty: 99 })
      .select();
    expect(merge.status).toBe(403);
    expect(merge.error?.code).toBe('42501');

    // DO NOTHING skips the row and returns nothing of it.
    const ignore = await bob.client
      .from('items')
      .upsert({ id, label: 'mine now', qty: 99 }, { ignoreDuplicates: true })
      .select();
    expect(ignore.error).toBeNull();
    expect(ignore.data).toEqual([]);

    const { rows } = await server.database.db.query<Item>(
      'SELECT owner, label, qty, note FROM public.items WHERE id = $1',
      [id],
    );
    expect(rows).toEqual([{ owner: alice.userId, label: 'private', qty: 1, note: 'alice only' }]);
  });

  it('a row claiming another owner is refused by the insert policy, whatever the resolution', async () => {
    for (const ignoreDuplicates of [true, false]) {
      const { status, error } = await bob.client.from('items').upsert(
        { owner: alice.userId, label: 'ink', qty: 50 },
        {
          onConflict: 'owner,label',
          ignoreDuplicates,
        },
      );
      expect(status).toBe(403);
      expect(error?.code).toBe('42501');
    }
    expect((await itemsOf(alice.userId)).find((i) => i.label === 'ink')?.qty).toBe(1);
  });

  it('anon may not upsert: 401', async () => {
    const res = await restFetch(server, '/items?on_conflict=owner,label', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'resolution=merge-duplicates' },
      body: JSON.stringify({ label: 'anon' }),
    });
    expect(res.status).toBe(401);
  });
});
