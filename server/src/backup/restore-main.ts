// `npm run restore -- <file>`: a backup into an empty server database
// (DATA_DIR or DATABASE_URL, as the server reads them), migrated first as the
// server does at start.
import { singleArgument, openMigrated, runCommand, where } from '../cli/command.ts';
import { openBackup, restoreBackup } from './restore-backup.ts';

const USAGE = `Usage: npm run restore -- <file>
Brings back every account and entry of a backup made by "npm run backup" into
an empty database: DATA_DIR or DATABASE_URL, as the server reads them. Refuses
a database that already has accounts.`;

process.exitCode = await runCommand('Restore', async (config) => {
  const file = singleArgument(process.argv.slice(2), USAGE);
  // The file is checked before the database is opened: a wrong file changes nothing.
  const backup = await openBackup(file);
  try {
    const db = await openMigrated(config);
    try {
      const { accounts, entries, rows } = await restoreBackup(db, backup);
      return (
        `Restored ${accounts} account(s) and ${entries} entr${entries === 1 ? 'y' : 'ies'} ` +
        `(${rows['public.user_answers'] ?? 0} answers) from ${file} into ${where(config)}.\n` +
        'Start the server: everyone signs in again with their own password.'
      );
    } finally {
      await db.close();
    }
  } finally {
    backup.close();
  }
});
