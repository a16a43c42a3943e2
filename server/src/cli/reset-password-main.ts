// `npm run reset-password -- <email>`: a new password for an account, set by
// whoever runs the server, for when no mail can carry a recovery link
// (without SMTP_URL the app offers no 'Forgot password?').
import { singleArgument, openExisting, runCommand, where } from './command.ts';
import { readSecret } from './read-secret.ts';
import { resetPassword } from './reset-password.ts';

const USAGE = `Usage: npm run reset-password -- <email>
Sets a new password for the account with that address and signs it out
everywhere. The password is read from standard input (typed at the prompt, or
piped). Reads DATA_DIR or DATABASE_URL as the server does; with the embedded
database, stop the server first.`;

process.exitCode = await runCommand('Password reset', async (config) => {
  const email = singleArgument(process.argv.slice(2), USAGE);
  const password = await readSecret(`New password for ${email}: `);
  const db = await openExisting(config);
  try {
    await resetPassword(db, email, password);
    return `Set a new password for ${email} in ${where(config)}; its sessions have ended.`;
  } finally {
    await db.close();
  }
});
