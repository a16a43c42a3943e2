import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usingRealPostgres } from '../helpers/test-database.ts';
import { currentStep, totpCode } from '../../src/auth/accounts/totp.ts';
import { accountRows, PASSWORD, saveEntry, signUp, type AccountRows } from './accounts.ts';
import {
  RESTORE_TEST_TIMEOUT_MS,
  newTarget,
  runCommand,
  startServer,
  type Target,
} from './targets.ts';

// docs/decisions/020-backup-and-restore.md: accounts and entries made through
// the real server and supabase-js, backed up by the real command, restored
// into a fresh data directory (or a fresh PostgreSQL database with
// TEST_DATABASE_URL), and seen again by signing in with the old passwords.

const NOTES = 'commas, "double" and \'single\' quotes;\nnew lines\r\nand emoji 🙂🔋 – all kept';

interface Person {
  email: string;
  userId: string;
  names?: { first_name: string; last_name: string };
  /** What the person's authenticator app holds, if two-step sign-in is on. */
  authenticatorSecret?: string;
  refreshToken: string;
  entries: Record<string, unknown>[];
}

let folder: string;
let backupFile: string;
let source: Target;
let restored: Target;
const people: Person[] = [];
let rowsBefore: AccountRows;

async function entriesOf(client: SupabaseClient) {
  const { data, error } = await client
    .from('activities')
    .select('created_at, activity, energy, engagement, flow_state, notes, activity_key, tags')
    .order('created_at');
  if (error) throw error;
  return data;
}

/**
 * Signs in as the person does: the password, then, with two-step sign-in on,
 * a code from their app, which came back with the account (the password alone
 * shows nothing of the journal).
 */
async function signInAsThePerson(client: SupabaseClient, person: Person) {
  const signIn = await client.auth.signInWithPassword({
    email: person.email,
    password: PASSWORD,
  });
  expect(signIn.error).toBeNull();
  if (person.authenticatorSecret) {
    expect(await entriesOf(client)).toEqual([]);
    const factors = await client.auth.mfa.listFactors();
    const verified = await client.auth.mfa.challengeAndVerify({
      factorId: factors.data?.totp[0]?.id ?? '',
      code: totpCode(person.authenticatorSecret, currentStep() + 1),
    });
    expect(verified.error).toBeNull();
  }
  return signIn.data.user;
}

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'et-backup-file-'));
  backupFile = join(folder, 'energy-tracker.backup.jsonl');
  source = await newTarget();
  const server = await startServer(source);
  try {
    const ada = server.client();
    const adaAccount = await signUp(ada);
    const names = { first_name: 'Ada', last_name: 'Lovelace-Byron 🙂' };
    const named = await ada.auth.updateUser({ data: names });
    if (named.error) throw named.error;
    await saveEntry(ada, adaAccount.userId, {
      activity: 'Deep work',
      energy: 83,
      engagement: 91,
      flow: true,
      notes: NOTES,
    });
    await saveEntry(
      ada,
      adaAccount.userId,
      { activity: 'Meetings, "all" day', energy: 0, engagement: 100, flow: false },
      '2025-03-01T06:30:00.123456+00:00',
    );
    // Ada has two-step sign-in on: a restore must not quietly turn it off.
    const enrolled = await ada.auth.mfa.enroll({ factorType: 'totp' });
    if (enrolled.error) throw enrolled.error;
    const verified = await ada.auth.mfa.challengeAndVerify({
      factorId: enrolled.data.id,
      code: totpCode(enrolled.data.totp.secret, currentStep()),
    });
    if (verified.error) throw verified.error;
    const codes = await ada.auth.mfa.recoveryCodes.generate();
    if (codes.error) throw codes.error;

    const bob = server.client();
    const bobAccount = await signUp(bob);
    await saveEntry(bob, bobAccount.userId, {
      activity: 'Running 🏃',
      energy: 64,
      engagement: 55,
      flow: true,
      notes: 'new\nline',
      tags: ['Outside', 'with Sam 🐕'],
    });
    // Bob is reminded by e-mail: a restore must keep reminding him.
    const reminders = await bob.from('reminder_settings').insert({
      time_zone: 'America/New_York',
      times: ['08:00', '21:30'],
      weekdays: [1, 3, 5],
      random_from: '12:00',
      random_until: '14:00',
      email: true,
      skip_if_logged_last_hour: false,
    });
    if (reminders.error) throw reminders.error;
    // Bob looked back on a week and planned the next (ADR 071).
    const review = await bob.from('weekly_reviews').insert({
      week_start: '2025-03-03',
      activities: 'Runs, "long" ones;\nand a\u2028separator 🏃',
      more_kind: 'tag',
      more_name: 'Outside',
      how: 'Before work',
    });
    if (review.error) throw review.error;
    // An account with nothing in it yet is an account too.
    const cleo = server.client();
    const cleoAccount = await signUp(cleo);
    people.push(
      {
        ...adaAccount,
        names,
        authenticatorSecret: enrolled.data.totp.secret,
        entries: await entriesOf(ada),
      },
      { ...bobAccount, entries: await entriesOf(bob) },
      { ...cleoAccount, entries: await entriesOf(cleo) },
    );
    rowsBefore = await accountRows(server.db);
  } finally {
    await server.stop();
  }
  const backup = await runCommand('backup', [backupFile], source.env);
  expect(backup.stderr).toBe('');
  expect(backup.code).toBe(0);
  expect(backup.stdout).toContain('Backed up 3 account(s) and 3 entries (15 answers)');
  restored = await newTarget();
}, 120_000);

afterAll(async () => {
  await source?.remove();
  await restored?.remove();
  await rm(folder, { recursive: true, force: true });
});

describe(
  'npm run backup, then npm run restore into an empty database',
  { timeout: RESTORE_TEST_TIMEOUT_MS },
  () => {
    it('writes one file only its owner may read, starting with a versioned header', async () => {
      const info = await stat(backupFile);
      expect(info.mode & 0o777).toBe(0o600);
      const lines = (await readFile(backupFile, 'utf8')).trimEnd().split('\n');
      expect(JSON.parse(lines[0] ?? '')).toMatchObject({
        format: 'energy-tracker-backup',
        version: 1,
      });
      expect(JSON.parse(lines.at(-1) ?? '')).toEqual({
        end: true,
        rows: {
          'auth.users': 3,
          'auth.identities': 3,
          'auth.mfa_factors': 2,
          'auth.mfa_recovery_codes': 10,
          // People's own questions (ADR 084): none here; own-questions.system.test.ts has some.
          'public.questions': 0,
          'public.user_answers': 15,
          'public.reminder_settings': 1,
          'public.weekly_reviews': 1,
        },
        // Of every byte before it, so that a restore finds any one changed.
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      // Nothing of the sessions: a restored server starts with everyone signed out.
      expect(lines.join('\n')).not.toContain(people[0]?.refreshToken);
    });

    it('brings back every account, password, name and entry, field by field', async () => {
      const restore = await runCommand('restore', [backupFile], restored.env);
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      expect(restore.stdout).toContain('Restored 3 account(s) and 3 entries (15 answers)');

      const server = await startServer(restored);
      try {
        // Before anyone signs in (which moves last_sign_in_at): every column as it was.
        expect(await accountRows(server.db)).toEqual(rowsBefore);
        for (const person of people) {
          const client = server.client();
          const user = await signInAsThePerson(client, person);
          expect(user?.id).toBe(person.userId);
          if (person.names) expect(user?.user_metadata).toMatchObject(person.names);
          expect(await entriesOf(client)).toEqual(person.entries);
          // Sessions are not part of a backup: the old refresh token is unknown here.
          const old = await server.client().auth.refreshSession({
            refresh_token: person.refreshToken,
          });
          expect(old.error).not.toBeNull();
        }
        const ada = people[0];
        expect(ada?.entries.map((e) => e['notes'])).toContain(NOTES);
        expect(people[1]?.entries[0]?.['tags']).toEqual(['Outside', 'with Sam 🐕']);
        expect(ada?.entries[0]?.['created_at']).toBe('2025-03-01T06:30:00.123456+00:00');

        // And the restored server works as before: a new entry, a new account.
        const client = server.client();
        await client.auth.signInWithPassword({ email: people[1]?.email ?? '', password: PASSWORD });
        await saveEntry(client, people[1]?.userId ?? '', {
          activity: 'After the restore',
          energy: 50,
          engagement: 50,
          flow: false,
        });
        expect(await entriesOf(client)).toHaveLength(2);
        expect((await signUp(server.client())).userId).toBeTruthy();
      } finally {
        await server.stop();
      }
    });

    it('refuses to restore into a database that already has accounts, and changes nothing', async () => {
      const db = await restored.open();
      const before = await accountRows(db);
      await db.close();

      const again = await runCommand('restore', [backupFile], restored.env);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/already has 4 accounts; restore only into an empty/);
      expect(again.stderr).not.toMatch(/\n\s+at /);

      const after = await restored.open();
      try {
        expect(await accountRows(after)).toEqual(before);
      } finally {
        await after.close();
      }
    });
  },
);

describe.runIf(usingRealPostgres)(
  'moving between PostgreSQL and the embedded database',
  { timeout: RESTORE_TEST_TIMEOUT_MS },
  () => {
    it('restores a PostgreSQL backup into a data directory, and that one back into PostgreSQL', async () => {
      const embedded = await newTarget('pglite');
      const postgres = await newTarget('postgres');
      try {
        const intoEmbedded = await runCommand('restore', [backupFile], embedded.env);
        expect(intoEmbedded.stderr).toBe('');
        const server = await startServer(embedded);
        try {
          expect(await accountRows(server.db)).toEqual(rowsBefore);
          const client = server.client();
          await signInAsThePerson(client, people[0]!);
          expect(await entriesOf(client)).toEqual(people[0]?.entries);
        } finally {
          await server.stop();
        }
        const fromEmbedded = join(folder, 'from-embedded.jsonl');
        expect((await runCommand('backup', [fromEmbedded], embedded.env)).stderr).toBe('');
        const intoPostgres = await runCommand('restore', [fromEmbedded], postgres.env);
        expect(intoPostgres.stderr).toBe('');
        const db = await postgres.open();
        try {
          const rows = await accountRows(db);
          // Ada signed in on the embedded server in between.
          expect(rows.answers).toEqual(rowsBefore.answers);
          expect(rows.identities).toEqual(rowsBefore.identities);
          expect(rows.users.map((u) => (u['row'] as { email: string }).email)).toEqual(
            rowsBefore.users.map((u) => (u['row'] as { email: string }).email),
          );
        } finally {
          await db.close();
        }
      } finally {
        await embedded.remove();
        await postgres.remove();
      }
    });
  },
);

describe('a backup compressed with gzip', { timeout: RESTORE_TEST_TIMEOUT_MS }, () => {
  it('restores as it is', async () => {
    const target = await newTarget();
    try {
      const file = join(folder, 'energy.jsonl.gz');
      await writeFile(file, gzipSync(await readFile(backupFile)));
      const result = await runCommand('restore', [file], target.env);
      expect(result.stderr).toBe('');
      expect(result.stdout).toContain('Restored 3 account(s) and 3 entries (15 answers)');
    } finally {
      await target.remove();
    }
  });
});

describe('a file that is not a whole backup', { timeout: RESTORE_TEST_TIMEOUT_MS }, () => {
  let target: Target;
  beforeAll(async () => {
    target = await newTarget();
  });
  afterAll(() => target?.remove());

  async function refused(content: string | Buffer, message: RegExp) {
    const file = join(folder, `bad-${Math.random().toString(36).slice(2)}.jsonl`);
    await writeFile(file, content);
    const result = await runCommand('restore', [file], target.env);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(result.code).toBe(1);
  }

  it('refuses an export, an empty file, a newer format and a damaged or cut-off backup', async () => {
    const backup = await readFile(backupFile, 'utf8');
    const lines = backup.trimEnd().split('\n');
    const header = JSON.parse(lines[0] ?? '') as Record<string, unknown>;
    await refused(
      'created_at,activity,energy\n2025-01-01,Running,50\n',
      /is not an Energy Tracker backup/,
    );
    await refused('', /is not an Energy Tracker backup/);
    await refused(
      `${JSON.stringify({ ...header, version: 2 })}\n`,
      /made by a newer version of Energy Tracker \(backup format 2/,
    );
    await refused(
      [
        JSON.stringify({
          ...header,
          migrations: [...(header['migrations'] as []), 'app/9999_x.sql'],
        }),
        ...lines.slice(1),
      ].join('\n'),
      /newer version of Energy Tracker \(its database had app\/9999_x\.sql\)/,
    );
    // Cut off: everything but the last line, which says how many rows there are.
    await refused(lines.slice(0, -1).join('\n'), /is incomplete/);
    // A row gone missing in the middle: the last answer, before the
    // reminder settings and the weekly review.
    await refused(
      [...lines.slice(0, -4), ...lines.slice(-3)].join('\n'),
      /should hold 15 rows of public.user_answers but holds 14/,
    );
    await refused(
      [...lines.slice(0, 2), '{"table": oops', ...lines.slice(2)].join('\n'),
      /line 3 is not valid JSON/,
    );

    // A compressed backup cut off in the middle.
    const gzipped = gzipSync(backup);
    await refused(gzipped.subarray(0, gzipped.length - 40), /damaged gzip file|is incomplete/);

    // None of it left anything behind: the restore runs as one transaction.
    const db = await target.open();
    try {
      const { users, answers } = await accountRows(db);
      expect(users).toEqual([]);
      expect(answers).toEqual([]);
    } finally {
      await db.close();
    }
  });
});

describe('wrong use of the commands', { timeout: RESTORE_TEST_TIMEOUT_MS }, () => {
  it('answers a missing or extra argument with the usage, never a stack trace', async () => {
    for (const command of ['backup', 'restore'] as const) {
      for (const args of [[], ['a', 'b'], ['--help']]) {
        const result = await runCommand(command, args, source.env);
        expect(result.code).toBe(2);
        expect(result.stderr).toContain(`Usage: npm run ${command} -- <file>`);
      }
    }
  });

  it('says plainly when the file to restore cannot be read', async () => {
    const missing = await runCommand('restore', [join(folder, 'no-such.jsonl')], source.env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/no-such\.jsonl does not exist/);
    const folderInstead = await runCommand('restore', [folder], source.env);
    expect(folderInstead.code).toBe(1);
    expect(folderInstead.stderr).toMatch(/is not a file/);
  });

  it('never replaces an existing file, nor writes into a folder that does not exist', async () => {
    const before = await readFile(backupFile, 'utf8');
    const existing = await runCommand('backup', [backupFile], source.env);
    expect(existing.code).toBe(1);
    expect(existing.stderr).toMatch(/already exists; choose a new file name/);
    expect(await readFile(backupFile, 'utf8')).toBe(before);

    const nowhere = await runCommand('backup', [join(folder, 'nope', 'b.jsonl')], source.env);
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toMatch(/its folder does not exist/);
    expect(nowhere.stderr).not.toMatch(/\n\s+at /);
  });

  it.skipIf(usingRealPostgres)(
    'refuses to back up or restore an embedded database a running server holds, or back up none',
    async () => {
      const server = await startServer(source);
      try {
        const held = await runCommand('backup', [join(folder, 'held.jsonl')], source.env);
        expect(held.code).toBe(1);
        expect(held.stderr).toMatch(
          /in use by another Energy Tracker server .*stop that one first/,
        );
        const restoring = await runCommand('restore', [backupFile], source.env);
        expect(restoring.code).toBe(1);
        expect(restoring.stderr).toMatch(/in use by another Energy Tracker server/);
      } finally {
        await server.stop();
      }
      const empty = await runCommand('backup', [join(folder, 'empty.jsonl')], {
        DATA_DIR: join(folder, 'no-data-here'),
      });
      expect(empty.code).toBe(1);
      expect(empty.stderr).toMatch(/holds no database/);
    },
  );
});
