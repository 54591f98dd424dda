import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import {
  DUMP_FORMAT,
  DUMP_FORMAT_VERSION,
  END_OF_ROWS,
  quoteIdentifier,
  quoteTable,
  type DumpHeader,
  type DumpSection,
  type DumpTrailer,
} from './dump-format';

/**
 * What a dump holds besides every row of every `public` table: `extraTables` (schema-qualified)
 * and, for any table, a condition its rows must meet. Conditions are SQL of the code's own, never
 * built from input.
 */
export interface DumpScope {
  extraTables: string[];
  where: Record<string, string>;
}

export interface DumpSummary {
  rows: Record<string, number>;
}

/**
 * Writes a logical dump (dump-format.ts) of every table in the `public` schema, and what `scope`
 * adds or leaves out, to `out`, gzipped. Every read happens in one repeatable-read transaction, so the dump is
 * one moment of the database (a ledger entry and its balance, a job and its charge, never half of
 * one) while the service goes on writing. Its own connection has none of the pool's time-outs: a
 * large table takes as long as it takes.
 */
export async function writeDump(
  databaseUrl: string,
  out: Writable,
  options: { scope?: DumpScope; signal?: AbortSignal } = {},
): Promise<DumpSummary> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'photomuse-backup' });
  await client.connect();
  const gzip = createGzip();
  const written = pipeline(gzip, out);
  written.catch(() => undefined);
  const abort = () => gzip.destroy(options.signal?.reason instanceof Error ? options.signal.reason : new Error('the dump was stopped'));
  options.signal?.addEventListener('abort', abort, { once: true });
  const write = async (data: string | Buffer) => {
    options.signal?.throwIfAborted();
    if (!gzip.write(data)) await once(gzip, 'drain');
  };
  try {
    await client.query('begin isolation level repeatable read read only');
    const header: DumpHeader = {
      format: DUMP_FORMAT,
      version: DUMP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      postgres: (await client.query<{ server_version: string }>('show server_version')).rows[0]!.server_version,
      migrations: (
        await client.query<{ hash: string; created_at: string }>(
          'select hash, created_at from drizzle.__drizzle_migrations order by created_at',
        )
      ).rows.map((row) => ({
        hash: row.hash,
        createdAt: Number(row.created_at),
      })),
      sequences: await sequencesOf(client),
    };
    await write(`${JSON.stringify(header)}\n`);

    const rows: Record<string, number> = {};
    const tables = [...(await tablesInDependencyOrder(client)), ...(options.scope?.extraTables ?? [])];
    for (const table of tables) {
      const where = options.scope?.where[table];
      const columns = await columnsOf(client, table);
      const section: DumpSection = { table, columns };
      await write(`${JSON.stringify(section)}\n`);
      const select = `select ${columns.map(quoteIdentifier).join(', ')} from ${quoteTable(table)}${where ? ` where ${where}` : ''}`;
      const copy = client.query(copyTo(`copy (${select}) to stdout`));
      let count = 0;
      for await (const chunk of copy as AsyncIterable<Buffer>) {
        for (let at = chunk.indexOf(0x0a); at !== -1; at = chunk.indexOf(0x0a, at + 1)) count++;
        await write(chunk);
      }
      rows[table] = count;
      await write(`${END_OF_ROWS}\n`);
    }
    const trailer: DumpTrailer = { end: true, rows };
    await write(`${JSON.stringify(trailer)}\n`);
    await client.query('commit');
    gzip.end();
    await written;
    return { rows };
  } catch (error) {
    gzip.destroy();
    if (options.signal?.aborted) throw options.signal.reason;
    if ((error as { code?: string }).code === '42P01' && String((error as Error).message).includes('__drizzle_migrations'))
      throw new Error('the database has no PhotoMuse schema yet (it was never migrated): there is nothing to back up', { cause: error });
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', abort);
    await client.end().catch(() => undefined);
  }
}

/**
 * The base tables of `public`, each after every table it references, so that a restore can load
 * them in this order with every foreign key checked. A table referencing itself is fine (a COPY
 * checks its keys when it ends); two tables referencing each other would need deferred keys, which
 * the schema does not have, and stop the dump with a clear error rather than make one that cannot
 * be restored.
 */
async function tablesInDependencyOrder(client: pg.Client): Promise<string[]> {
  const tables = (
    await client.query<{ name: string }>(`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      order by c.relname`)
  ).rows.map((row) => row.name);
  const references = (
    await client.query<{ child: string; parent: string }>(`
      select child.relname as child, parent.relname as parent
      from pg_constraint k
      join pg_class child on child.oid = k.conrelid join pg_namespace cn on cn.oid = child.relnamespace
      join pg_class parent on parent.oid = k.confrelid join pg_namespace pn on pn.oid = parent.relnamespace
      where k.contype = 'f' and cn.nspname = 'public' and pn.nspname = 'public' and child.oid <> parent.oid`)
  ).rows;
  const ordered: string[] = [];
  const placed = new Set<string>();
  let remaining = tables;
  while (remaining.length > 0) {
    const ready = remaining.filter((table) => references.every((reference) => reference.child !== table || placed.has(reference.parent)));
    if (ready.length === 0)
      throw new Error(`the tables ${remaining.join(', ')} reference each other: a dump of them could not be restored in any order`);
    for (const table of ready) placed.add(table);
    ordered.push(...ready);
    remaining = remaining.filter((table) => !placed.has(table));
  }
  return ordered.map((table) => `public.${table}`);
}

/** The columns a dump holds: every stored column (a generated one is computed again on restore). */
async function columnsOf(client: pg.Client, table: string): Promise<string[]> {
  const result = await client.query<{ name: string }>(
    `select attname as name from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
    [quoteTable(table)],
  );
  return result.rows.map((row) => row.name);
}

async function sequencesOf(client: pg.Client): Promise<DumpHeader['sequences']> {
  const result = await client.query<{ name: string; last_value: string | null; is_called: boolean }>(
    `select sequencename as name, last_value::text, last_value is not null as is_called from pg_sequences where schemaname = 'public' order by sequencename`,
  );
  return result.rows.map((row) => ({ name: `public.${row.name}`, lastValue: row.last_value, isCalled: row.is_called }));
}
