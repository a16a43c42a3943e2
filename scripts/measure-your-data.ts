// Measures "Your data" at the size of a long journal, through supabase-js and
// our real server with the app's own export and import code: importing a
// 20,000-entry CSV (checked, then sent in batches), importing it again (adds
// nothing), and exporting it as CSV and JSON (paged reads plus formatting).
// Usage: node scripts/measure-your-data.ts [entries=20000]
//   (TEST_DATABASE_URL set: a fresh database on that PostgreSQL; else PGlite)
import { startTestServer } from '../server/test/helpers/test-server.ts';
import { signedInClient } from '../server/test/helpers/users.ts';
import { fetchAllEntries } from '../web/src/features/your-data/api/fetch-all-entries.ts';
import { importEntries } from '../web/src/features/your-data/api/import-entries.ts';
import type { ExportedEntry } from '../web/src/journal/entry-row.ts';
import { entriesToCsv, entriesToJson } from '../web/src/features/your-data/format-export.ts';
import { checkImportFile } from '../web/src/features/your-data/parse-import.ts';

const ENTRIES = Number(process.argv[2] ?? 20_000);
const ms = (since: number) => `${Math.round(performance.now() - since)} ms`;

// About three years of entries, a few a day, with the notes people write.
const journal: ExportedEntry[] = Array.from({ length: ENTRIES }, (_, i) => ({
  date: new Date(Date.UTC(2023, 0, 1) + i * 4_733_000).toISOString().replace('Z', '+00:00'),
  activity: ['Deep work', 'Running', 'Meetings', 'Reading, slowly', '=Cooking'][i % 5]!,
  energy: (i * 37) % 101,
  engagement: (i * 53) % 101,
  flow_state: i % 4 === 0,
  notes: i % 3 === 0 ? null : `Day ${i}: "fine", really\nsecond line 🙂`,
}));
const csv = entriesToCsv(journal);

const server = await startTestServer();
try {
  const { client, userId, email } = await signedInClient(server, 'your-data');
  const account = { email, first_name: '', last_name: '' };

  let started = performance.now();
  const check = checkImportFile(csv);
  console.log(`check ${ENTRIES} entries (${(csv.length / 1e6).toFixed(1)} MB CSV): ${ms(started)}`);
  if (check.problems.length > 0) throw new Error(`unexpected problems: ${check.problems.length}`);

  started = performance.now();
  const first = await importEntries(client, check.entries, () => {});
  console.log(`import: ${ms(started)} ${JSON.stringify(first)}`);

  started = performance.now();
  const again = await importEntries(client, check.entries, () => {});
  console.log(`import again: ${ms(started)} ${JSON.stringify(again)}`);

  started = performance.now();
  const entries = await fetchAllEntries(client, userId);
  const read = performance.now();
  entriesToCsv(entries);
  const csvDone = performance.now();
  entriesToJson(account, entries);
  console.log(
    `export: read ${entries.length} entries ${Math.round(read - started)} ms, ` +
      `CSV ${Math.round(csvDone - read)} ms, JSON ${ms(csvDone)}`,
  );
  if (first.added !== ENTRIES || again.added !== 0 || entries.length !== ENTRIES) {
    throw new Error('the round trip lost or duplicated entries');
  }
} finally {
  await server.close();
}
