import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { MIGRATIONS_DIR } from '../client';
import {
  DUMP_FORMAT,
  DUMP_FORMAT_VERSION,
  DumpReader,
  quoteIdentifier,
  quoteTable,
  type DumpHeader,
  type DumpSection,
  type DumpTrailer,
} from './dump-format';

export interface RestoreOptions {
  /** Replace whatever the database holds; without it a database holding any row is refused. */
  force: boolean;
  /**
   * Called between the schema and the rows, for the parts whose tables are made by a library rather
   * than by our migrations (the job queue's): they must exist before their rows are loaded.
   */
  prepareSchema?: () => Promise<void>;
}

export interface RestoreSummary {
  header: DumpHeader;
  rows: Record<string, number>;
}

/** A refusal the operator can act on (the command prints it and exits 1); anything else is a failure. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

/** Drizzle's journal of this build's migrations. */
interface Journal {
  entries: { when: number; tag: string }[];
}

/**
 * Restores a dump (dump-format.ts) into the database at `databaseUrl`:
 * 1. refuses while anything else is connected to it, and a database holding rows unless `force`;
 * 2. empties it (our schemas: public, drizzle, pgboss) and builds the schema the dump was made on,
 *    with this build's migrations up to the dump's last one — so a dump made before an upgrade
 *    restores into the tables it was made from (and a dump from a newer build is refused);
 * 3. loads every section in one transaction (all or nothing), with the tables' own triggers off
 *    (their work — counters, for one — is already in the rows) and every foreign key checked;
 * 4. sets the sequences, checks each table's row count against the trailer, then applies the
 *    migrations that came after the dump, as a start of the new build would.
 */
export async function restoreDump(databaseUrl: string, gzipped: Readable, options: RestoreOptions): Promise<RestoreSummary> {
  const reader = new DumpReader(gzipped.pipe(createGunzip()));
  const header = await reader.json<DumpHeader>('header');
  if (header.format !== DUMP_FORMAT) throw new RestoreRefused('this is not a PhotoMuse database dump');
  if (header.version > DUMP_FORMAT_VERSION)
    throw new RestoreRefused(
      `this dump has format version ${header.version}; this build reads version ${DUMP_FORMAT_VERSION} and older: restore it with a newer build`,
    );
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as Journal;
  const migrationsOfDump = migrationsUpTo(journal, header);

  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'photomuse-restore' });
  await client.connect();
  try {
    await refuseUnlessFree(client, options.force);
    await emptyDatabase(client);
    await migrateTo(client, journal, migrationsOfDump);
    await options.prepareSchema?.();

    const rows: Record<string, number> = {};
    await client.query('begin');
    for (;;) {
      const line = await reader.line();
      if (line === null) throw new RestoreRefused('the dump ends before its last table: it was cut short');
      const entry = JSON.parse(line) as DumpSection | DumpTrailer;
      if ('end' in entry) {
        for (const [table, count] of Object.entries(entry.rows)) {
          if (rows[table] !== count)
            throw new RestoreRefused(`the dump's ${table} should hold ${count} rows but ${rows[table] ?? 0} were read: it is damaged`);
        }
        break;
      }
      rows[entry.table] = await loadSection(client, reader, entry);
    }
    for (const sequence of header.sequences) {
      if (sequence.lastValue !== null)
        await client.query('select setval($1::regclass, $2::bigint, $3)', [
          quoteTable(sequence.name),
          sequence.lastValue,
          sequence.isCalled,
        ]);
    }
    await client.query('commit');
    // The migrations the build has beyond the dump's, as its next start would apply them.
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    return { header, rows };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** The dump's migrations as this build's journal entries; refuses a dump this build cannot make the schema of. */
function migrationsUpTo(journal: Journal, header: DumpHeader): Journal['entries'] {
  const known = journal.entries.slice(0, header.migrations.length);
  const matches = header.migrations.every((migration, index) => known[index]?.when === migration.createdAt);
  if (!matches || header.migrations.length === 0) {
    throw new RestoreRefused(
      header.migrations.length > journal.entries.length || !matches
        ? 'this dump was made by a newer (or another) PhotoMuse: its database has migrations this build does not ship. Restore it with the build that made it, or a newer one'
        : 'this dump holds no migrated database',
    );
  }
  return known;
}

/** Anything connected to the database would see (or write) a half-restored one. */
async function refuseUnlessFree(client: pg.Client, force: boolean): Promise<void> {
  const others = await client.query<{ count: string }>(
    'select count(*) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  if (Number(others.rows[0]!.count) > 0) {
    throw new RestoreRefused(
      `${others.rows[0]!.count} other connection(s) to this database are open: stop the API and the workers first (a restore replaces the database under them)`,
    );
  }
  if (force) return;
  const tables = await client.query<{ name: string }>(
    `select format('%I.%I', schemaname, relname) as name from pg_stat_user_tables where schemaname = 'public'`,
  );
  for (const { name } of tables.rows) {
    const held = await client.query(`select 1 from ${name} limit 1`);
    if (held.rowCount)
      throw new RestoreRefused(
        `the database is not empty (${name} holds rows): restore into a new, empty database, or add --force to replace everything in this one`,
      );
  }
}

/** Drops our schemas (the application's tables, the migrations' record, the job queue's tables). */
async function emptyDatabase(client: pg.Client): Promise<void> {
  try {
    await client.query(
      'drop schema if exists pgboss cascade; drop schema if exists drizzle cascade; drop schema public cascade; create schema public',
    );
  } catch (error) {
    if ((error as { code?: string }).code === '42501') {
      throw new RestoreRefused(
        `the database user may not replace this database's schemas (${(error as Error).message}): restore into a database this user owns`,
      );
    }
    throw error;
  }
}

/** Builds the schema of the dump's time: this build's migrations, up to the dump's last one. */
async function migrateTo(client: pg.Client, journal: Journal, entries: Journal['entries']): Promise<void> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'photomuse-restore-migrations-'));
  try {
    await mkdir(path.join(folder, 'meta'));
    await writeFile(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const entry of entries) await cp(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
    await migrate(drizzle(client), { migrationsFolder: folder });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Loads one section's rows with COPY, the table's triggers off while it runs; answers the row count. */
async function loadSection(client: pg.Client, reader: DumpReader, section: DumpSection): Promise<number> {
  const table = quoteTable(section.table);
  const columns = section.columns.map(quoteIdentifier).join(', ');
  // Triggers keep derived rows (counters) in step with new writes; the dump holds those rows already.
  const triggered =
    (await client.query(`select 1 from pg_trigger where tgrelid = $1::regclass and not tgisinternal`, [table])).rowCount! > 0;
  if (triggered) await client.query(`alter table ${table} disable trigger user`);
  const copy = client.query(copyFrom(`copy ${table} (${columns}) from stdin`));
  const done = new Promise<void>((resolve, reject) => {
    copy.on('finish', resolve);
    copy.on('error', reject);
  });
  let count: number;
  try {
    count = await reader.rows(async (lines) => {
      if (!copy.write(lines))
        await new Promise<void>((resolve, reject) => {
          copy.once('drain', resolve);
          copy.once('error', reject);
        });
    });
  } catch (error) {
    // Ends the COPY on the server too (CopyFail), so the connection can roll back.
    copy.destroy(error as Error);
    await done.catch(() => undefined);
    throw error;
  }
  copy.end();
  await done;
  if (triggered) await client.query(`alter table ${table} enable trigger user`);
  return count;
}
