// `npm run remove-factors -- <email>`: turns two-step sign-in off for an
// account, set by whoever runs the server, for a person who lost their
// authenticator app and recovery codes, or found one they never added.
import { singleArgument, openExisting, runCommand, where } from './command.ts';
import { removeFactors } from './remove-factors.ts';

const USAGE = `Usage: npm run remove-factors -- <email>
Removes every authenticator and recovery code of the account with that address
and signs it out everywhere; signing in then needs only the password (or
Google). Reads DATA_DIR or DATABASE_URL as the server does; with the embedded
database, stop the server first.`;

process.exitCode = await runCommand('Removing factors', async (config) => {
  const email = singleArgument(process.argv.slice(2), USAGE);
  const db = await openExisting(config);
  try {
    const removed = await removeFactors(db, email);
    return `Removed ${removed} factor${removed === 1 ? '' : 's'} of ${email} in ${where(config)}; its sessions have ended.`;
  } finally {
    await db.close();
  }
});
