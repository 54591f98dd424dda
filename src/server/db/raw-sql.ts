import { sql, type SQL } from 'drizzle-orm';

/**
 * A library's own parameterised SQL ($1, $2 …) as Drizzle SQL, so that it runs on our database or
 * inside our transaction (e.g. a queue job written in the caller's transaction).
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
