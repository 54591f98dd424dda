import { sql, type SQL } from 'drizzle-orm';
import type { PgPreparedQuery, PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { DbOrTx } from './client';

/**
 * A hot read the query builder can express, as a typed Drizzle prepared query (`.prepare(name)`
 * with `sql.placeholder` for its values): built once per database handle, so neither Drizzle nor
 * Postgres redoes per request what is the same every time. On the pool it runs as pg's named
 * statement (parsed and planned once per connection); for a transaction it is prepared on the
 * transaction's connection. A renamed column breaks it at type-check, not at run time.
 */
export function hotRead<Q extends PgPreparedQuery<PreparedQueryConfig>>(prepare: (db: DbOrTx) => Q): (db: DbOrTx) => Q {
  const preparedOn = new WeakMap<DbOrTx, Q>();
  return (db) => {
    let query = preparedOn.get(db);
    if (!query) {
      query = prepare(db);
      preparedOn.set(db, query);
    }
    return query;
  };
}

/**
 * A hot read the query builder cannot express (lateral joins that aggregate JSON, decision 042),
 * as one named prepared statement (decision 019): Postgres parses and plans it once
 * per connection instead of on every request, and nothing rebuilds its text per call. On the
 * pool it runs as pg's named statement; inside a transaction (a Drizzle transaction has no pool
 * of its own) the same SQL runs on the transaction's connection.
 *
 * Rows come as pg gives them: timestamptz as Date, bigint as string, json parsed. Names must be
 * unique per text; each module prefixes its own.
 */
export interface PreparedStatement {
  name: string;
  text: string;
}

export async function preparedRows<T extends pg.QueryResultRow>(db: DbOrTx, statement: PreparedStatement, values: unknown[]): Promise<T[]> {
  if ('$client' in db) return (await db.$client.query<T>({ name: statement.name, text: statement.text, values })).rows;
  return (await db.execute<T>(asDrizzleSql(statement.text, values))).rows as T[];
}

/** $1, $2 … as Drizzle parameters, each one value (an array stays one array parameter). */
function asDrizzleSql(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1] ?? null)}`)),
    sql.raw(''),
  );
}
