import { ConfigError, readConfig } from './config.ts';
import { prepareProcessFor, startDatabaseUpkeep } from './db/open-database.ts';
import { pushTransport } from './push/push-config.ts';
import { loadDeps } from './runtime.ts';
import { securityWarnings } from './startup-warnings.ts';

// Reads configuration, opens the database, listens; everything else is buildApp.
async function main() {
  let config;
  try {
    config = readConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  prepareProcessFor(config);

  // One line that says what to fix, not a stack trace.
  const cannotOpen = (err: unknown): never => {
    const where = config.databaseUrl
      ? 'the database at DATABASE_URL'
      : `DATA_DIR ${config.dataDir}`;
    console.error(`Could not open ${where}: ${(err as Error).message}`);
    process.exit(1);
  };

  // The database opens on its own thread while this one loads the web
  // server's modules and builds the app, each of which holds this thread for
  // a while: the database's thread has its go-ahead (the data directory
  // locked) before they start, and the server listens once both are done
  // (docs/decisions/099).
  const deps = await loadDeps(config).catch(cannotOpen);
  const { buildApp } = await import('./app.ts');
  // E-mail reminders go out only where mail can (docs/decisions/036-reminders.md),
  // push reminders wherever the server has VAPID keys (043).
  const reminders = config.mail !== undefined || pushTransport(config, deps.vapid) !== undefined;
  const app = await buildApp(config, { ...deps, sendScheduledReminders: reminders });
  await deps.opened.catch(cannotOpen);
  app.log.info(
    { database: config.databaseUrl ? 'postgresql' : `pglite (${config.dataDir})` },
    'database ready',
  );
  const upkeep = await startDatabaseUpkeep(config, deps.db, (message, err) =>
    app.log.warn(err === undefined ? {} : { err }, message),
  );
  if (config.google.clientId !== '') {
    app.log.info({ issuer: config.google.issuer }, 'Google sign-in is enabled');
  }
  if (config.mail) {
    // The host only: SMTP_URL may hold a password.
    const smtpHost = new URL(config.mail.smtpUrl).host;
    app.log.info(
      { smtpHost },
      'sign-ups and e-mail changes are confirmed by a link sent by e-mail',
    );
  }
  if (reminders) app.log.info('reminders are looked for every minute');
  for (const warning of securityWarnings(config)) app.log.warn(warning);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // close() stops accepting, waits for in-flight requests and a reminder run.
    upkeep.stop();
    await app.close();
    await deps.db.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
