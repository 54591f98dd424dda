import 'dotenv/config';
import path from 'node:path';
import { createDb, runMigrations } from './db/client';
import { runningEmbeddedPostgresUrl, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres';
import { setOperatorByCommand } from './features/admin/operators.service';
import { loadConfigOrExit } from './lib/env';
import { createLogger } from './lib/logger';

/**
 * `npm run admin -- grant <email>` / `npm run admin -- revoke <email>`: makes a user an operator of
 * the console, or no longer one, for databases where ADMIN_EMAILS is not the way (each change is
 * in the audit log). It uses the server's database: DATABASE_URL, else the embedded Postgres in
 * DATA_DIR — the running server's, or started for the moment when the server is stopped.
 */

const USAGE = 'Usage: npm run admin -- grant <email>\n       npm run admin -- revoke <email>';

const [command, email, ...rest] = process.argv.slice(2);
if ((command !== 'grant' && command !== 'revoke') || !email || rest.length > 0) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}

const config = loadConfigOrExit();
const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
const dataDir = path.join(config.dataDir, 'pg');
let embedded: EmbeddedDatabase | undefined;
const url =
  config.databaseUrl ?? (await runningEmbeddedPostgresUrl(dataDir)) ?? (embedded = await startEmbeddedPostgres(dataDir, logger)).url;
const db = createDb(url, { max: 2 });
let exitCode = 0;
try {
  await runMigrations(db);
  const address = email.trim().toLowerCase();
  const listed = config.adminEmails.includes(address);
  const { outcome, emailVerified } = await setOperatorByCommand(db, address, command === 'grant');
  const lines: string[] = [];
  if (outcome === 'no-such-user') {
    lines.push(`No account uses ${address}. They sign up first; then run this again.`);
    exitCode = 1;
  } else if (command === 'grant') {
    lines.push(outcome === 'granted' ? `${address} is now an operator.` : `${address} was an operator already.`);
    if (!emailVerified) lines.push('They can open the console once they have confirmed their address.');
  } else {
    lines.push(outcome === 'revoked' ? `${address} is no longer an operator.` : `${address} was not made an operator by this command.`);
    if (listed) lines.push('ADMIN_EMAILS still lists the address: remove it there as well to take the console away.');
  }
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await db.$client.end();
  await embedded?.stop();
}
process.exit(exitCode);
