// `npm run backup -- <file>`: every account and entry of the server's
// database (DATA_DIR or DATABASE_URL, as the server reads them) into one file.
import { singleArgument, openExisting, runCommand, where } from '../cli/command.ts';
import { writeBackup } from './write-backup.ts';

const USAGE = `Usage: npm run backup -- <file>
Writes every account (with its password hash) and every entry of the server's
database to <file>, a new file. Reads DATA_DIR or DATABASE_URL as the server
does; with the embedded database, stop the server first.`;

process.exitCode = await runCommand('Backup', async (config) => {
  const file = singleArgument(process.argv.slice(2), USAGE);
  const db = await openExisting(config);
  try {
    const { accounts, entries, rows } = await writeBackup(db, file);
    return (
      `Backed up ${accounts} account(s) and ${entries} entr${entries === 1 ? 'y' : 'ies'} ` +
      `(${rows['public.user_answers'] ?? 0} answers) from ${where(config)} to ${file}.\n` +
      'It holds password hashes and every journal: keep it where only you can read it.'
    );
  } finally {
    await db.close();
  }
});
