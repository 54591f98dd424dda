import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';

/**
 * Which feature writes each table (decision 042): a repository writes only its own feature's
 * tables, and reaches another feature's through that feature's service, in the same transaction.
 * Tables that no feature repository writes (queue leases, rate limits, mails) are left out.
 */
const OWNER: Record<string, string> = {
  user: 'auth',
  session: 'auth',
  account: 'auth',
  verification: 'auth',
  audit_log: 'admin',
  balance_accounts: 'billing',
  ledger_entries: 'billing',
  checkout_sessions: 'billing',
  card_refunds: 'billing',
  payment_disputes: 'billing',
  spending_controls: 'billing',
  auto_top_up_settings: 'billing',
  auto_top_ups: 'billing',
  retained_ledger_entries: 'billing',
  dev_mails: 'account',
  image_masks: 'masks',
  chat_sessions: 'sessions',
  messages: 'sessions',
  attachments: 'sessions',
  user_files: 'uploads',
  agent_jobs: 'generation',
  generated_outputs: 'generation',
  job_previews: 'generation',
};

const featuresDir = path.resolve(import.meta.dirname, '../features');
const tableOfVariable = new Map(
  Object.entries(schema)
    .filter(([, value]) => is(value, PgTable))
    .map(([name, table]) => [name, getTableName(table as PgTable)]),
);

/** Every write a repository file makes, as `feature/file verb table`: Drizzle's builder and raw SQL alike. */
function writesOf(relativePath: string, source: string): string[] {
  const found = new Set<string>();
  const verbs = { insert: 'inserts into', update: 'updates', delete: 'deletes from' } as const;
  for (const match of source.matchAll(/\.(insert|update|delete)\((\w+)\)/g)) {
    const table = tableOfVariable.get(match[2]!);
    if (table) found.add(`${relativePath} ${verbs[match[1] as keyof typeof verbs]} ${table}`);
  }
  for (const match of source.matchAll(/\b(insert into|update|delete from)\s+"?(\w+)"?/gi)) {
    const table = match[2]!.toLowerCase();
    if (!(table in OWNER)) continue;
    const verb = match[1]!.toLowerCase();
    found.add(`${relativePath} ${verb === 'insert into' ? verbs.insert : verb === 'update' ? verbs.update : verbs.delete} ${table}`);
  }
  return [...found];
}

function allWrites(): string[] {
  return readdirSync(featuresDir).flatMap((feature) =>
    readdirSync(path.join(featuresDir, feature))
      .filter((file) => file.endsWith('.repository.ts'))
      .flatMap((file) => writesOf(`${feature}/${file}`, readFileSync(path.join(featuresDir, feature, file), 'utf8'))),
  );
}

describe('table ownership', () => {
  it('lets a repository write only the tables of its own feature', () => {
    const crossings = allWrites().filter((write) => {
      const [file, ...rest] = write.split(' ');
      return OWNER[rest.at(-1)!] !== file!.split('/')[0];
    });
    expect(crossings).toEqual([]);
  });

  it('finds a raw write and a builder write to another feature’s table', () => {
    expect(writesOf('generation/x.repository.ts', 'await tx.execute(sql`update chat_sessions set total_messages = 1`)')).toEqual([
      'generation/x.repository.ts updates chat_sessions',
    ]);
    expect(writesOf('generation/x.repository.ts', 'await db.insert(userFiles).values(rows)')).toEqual([
      'generation/x.repository.ts inserts into user_files',
    ]);
  });
});
