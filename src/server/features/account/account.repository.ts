import { and, asc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { account, balanceAccounts, devMails, user, userFiles } from '../../db/schema';

/** The user's password hash, if the account has one (e-mail sign-up); social-only accounts have none. */
export async function passwordHashOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential'), isNotNull(account.password)))
    .limit(1);
  return row?.password ?? null;
}

export async function availableCentsOf(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ cents: balanceAccounts.availableCents }).from(balanceAccounts).where(eq(balanceAccounts.userId, userId));
  return row?.cents ?? 0;
}

/** The dev mailbox's mails to an address, which go with the account that had it. */
export async function deleteDevMailsTo(tx: DbOrTx, email: string): Promise<void> {
  await tx.delete(devMails).where(eq(devMails.to, email));
}

/** The size of each page the data export reads: it never holds more rows than this at once. */
export const EXPORT_PAGE_SIZE = 200;

/** A page of the user's files that still exist, by id after `afterId`: the export's images. */
export async function exportFilesPage(db: DbOrTx, userId: string, afterId: string | null) {
  return db
    .select({
      id: userFiles.id,
      originalFilename: userFiles.originalFilename,
      storedFilename: userFiles.storedFilename,
      mimeType: userFiles.mimeType,
      isGenerated: userFiles.isGenerated,
    })
    .from(userFiles)
    .where(and(eq(userFiles.userId, userId), isNull(userFiles.expiredAt), afterId ? gt(userFiles.id, afterId) : undefined))
    .orderBy(asc(userFiles.id))
    .limit(EXPORT_PAGE_SIZE);
}

/** The stored type of each of these files of the user's, by id: the extension of its name in the export. */
export async function exportFileTypes(db: DbOrTx, userId: string, fileIds: string[]): Promise<Map<string, string>> {
  if (fileIds.length === 0) return new Map();
  const rows = await db
    .select({ id: userFiles.id, mimeType: userFiles.mimeType })
    .from(userFiles)
    .where(and(eq(userFiles.userId, userId), inArray(userFiles.id, [...new Set(fileIds)])));
  return new Map(rows.map((row) => [row.id, row.mimeType]));
}

/**
 * A page of the user's ledger in time order, after a cursor of the previous page: the export's
 * ledger.csv. The cursor keeps Postgres' microseconds (a JavaScript Date would drop them and read
 * entries of the same millisecond twice).
 */
export async function exportLedgerPage(db: DbOrTx, userId: string, after: { at: string; id: string } | null) {
  const result = await db.execute<{
    id: string;
    at: string;
    kind: string;
    description: string;
    amount_cents: string;
    free_generations_delta: number;
    balance_after_cents: string;
    reference: string;
  }>(sql`
    select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, kind, description, amount_cents, free_generations_delta, balance_after_cents, reference
    from ledger_entries
    where user_id = ${userId} ${after ? sql`and (created_at, id) > (${after.at}::timestamptz, ${after.id}::uuid)` : sql``}
    order by created_at, id
    limit ${EXPORT_PAGE_SIZE}`);
  return result.rows.map((row) => ({ ...row, amountCents: Number(row.amount_cents), balanceAfterCents: Number(row.balance_after_cents) }));
}

export async function exportProfile(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: user.id, email: user.email, name: user.name, createdAt: user.createdAt, termsAcceptedAt: user.termsAcceptedAt })
    .from(user)
    .where(eq(user.id, userId));
  return row;
}
