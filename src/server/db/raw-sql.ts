import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * Runs a libraries' own parameterised SQL ($1, $2 …) on a Drizzle database or transaction, so
 * that, e.g., a queue job is written inside the caller's transaction.
 */
export function toDrizzleSql(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, index) => {
    // Drizzle drops an undefined parameter from the query text; the library means SQL null.
    chunks.push(index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`);
  });
  return sql.join(chunks, sql.raw(''));
}

export function sqlExecutorFor(db: DbOrTx) {
  return {
    async executeSql(text: string, values: unknown[] = []): Promise<{ rows: unknown[] }> {
      const result = await db.execute(toDrizzleSql(text, values));
      return { rows: result.rows };
    },
  };
}
