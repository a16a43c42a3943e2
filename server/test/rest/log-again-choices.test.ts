import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { logEntries, timedEntry } from '../insights/log-entry.ts';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient } from '../helpers/users.ts';

// public.log_again_choices(): what Track's "Log again" offers
// (docs/decisions/072), called through the unchanged supabase-js as the web
// app calls it.

const server = await serverForFile();
const owner = await signedInClient(server, 'log-again-owner');
const stranger = await signedInClient(server, 'log-again-stranger');

const DAY = 86_400_000;
const now = Date.now();
const ago = (ms: number) => new Date(now - ms).toISOString();
const entry = timedEntry;

interface Choice {
  activity: string;
  energy: number;
  engagement: number;
  flow_state: boolean;
  tags: string[];
  entries: number;
  last_used: string;
}

async function choices(client: SupabaseClient): Promise<Choice[]> {
  const { data, error } = await client.rpc('log_again_choices', {}, { get: true });
  if (error) throw new Error(error.message);
  return data as Choice[];
}

beforeAll(async () => {
  await logEntries(owner.client, owner.userId, [
    // Older than 30 days: not counted, though it would put Reading first.
    ...[31, 32, 33, 34, 35].map((d) => entry('Reading', 10, ago(d * DAY))),
    entry('Reading', 20, ago(2 * DAY)),
    // Three walks under three spellings: one name, shown as last spelled,
    // with the values of the newest walk.
    entry('walk outside', 40, ago(29 * DAY)),
    entry('Walk  Outside ', 60, ago(3 * DAY), { tags: ['park'] }),
    entry('Walk outside', 85, ago(DAY), { engagement: 70, flow: true, tags: ['sun', 'Sam'] }),
    // Two each: the most recently used first.
    entry('Emails', 30, ago(5 * DAY)),
    entry('Emails', 35, ago(4 * DAY)),
    entry('Cooking', 70, ago(6 * DAY)),
    entry('Cooking', 75, ago(2 * DAY + 60_000)),
    entry('Gym', 90, ago(7 * DAY)),
    entry('Chess', 55, ago(8 * DAY)),
    entry('Nap', 65, ago(9 * DAY)),
    // The seventh name: past the six offered.
    entry('Piano', 80, ago(10 * DAY)),
  ]);
}, 60_000);

describe('log_again_choices', () => {
  it('offers the six names logged most in the last 30 days, most first, then most recent', async () => {
    expect((await choices(owner.client)).map((c) => [c.activity, c.entries])).toEqual([
      ['Walk outside', 3],
      ['Cooking', 2],
      ['Emails', 2],
      ['Reading', 1],
      ['Gym', 1],
      ['Chess', 1],
    ]);
  });

  it("gives each the values of that activity's most recent entry", async () => {
    const [walk, cooking] = await choices(owner.client);
    expect(walk).toEqual({
      activity: 'Walk outside',
      energy: 85,
      engagement: 70,
      flow_state: true,
      tags: ['sun', 'Sam'],
      entries: 3,
      last_used: expect.any(String),
    });
    expect(new Date(walk!.last_used).getTime()).toBe(new Date(ago(DAY)).getTime());
    expect(cooking).toMatchObject({ energy: 75, flow_state: false, tags: [] });
    // The notes of one moment are never offered again.
    expect(Object.keys(walk!)).not.toContain('notes');
  });

  it('offers a new person nothing, shows no one else the journal, and refuses anon', async () => {
    expect(await choices(stranger.client)).toEqual([]);
    const asAnon = await server.client().rpc('log_again_choices');
    expect(asAnon.status).toBe(401);
    expect(asAnon.data).toBeNull();
  });

  it('answers an argument it does not take as PostgREST does, never with a 500', async () => {
    const { status, error } = await owner.client.rpc('log_again_choices', { max_count: 50 });
    expect(status).toBe(404);
    expect(error?.code).toBe('PGRST202');
  });

  it('gives back the longest name and tag, a line separator and emoji as they were written', async () => {
    const worst = await signedInClient(server, 'log-again-worst');
    const longest = `${'🔋'.repeat(10)}${'x'.repeat(488)}\u2028y`;
    expect([...longest].length).toBe(500);
    // Tags refuse a line separator (functions/entry_tags.sql); 40 emoji is the longest tag.
    const tags = ['🌞'.repeat(40), '👩‍💻 with Sam'];
    await logEntries(worst.client, worst.userId, [
      entry(longest, 100, ago(60_000), { engagement: 0, tags }),
    ]);
    expect(await choices(worst.client)).toEqual([
      expect.objectContaining({ activity: longest, energy: 100, engagement: 0, tags }),
    ]);
  });
});
