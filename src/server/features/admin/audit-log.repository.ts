import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AuditAction } from '@shared/admin';
import type { DbOrTx } from '../../db/client';
import { auditLog, user } from '../../db/schema';

/**
 * The audit log's SQL: insert and read, nothing else — the table is append-only, and a trigger
 * refuses UPDATE, DELETE and TRUNCATE whatever asks (drizzle/0008_operator-console.sql).
 */

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditEntry = Omit<typeof auditLog.$inferInsert, 'action' | 'id' | 'createdAt'> & { action: AuditAction };

export async function insertAuditEntry(db: DbOrTx, entry: NewAuditEntry): Promise<AuditRow> {
  const [row] = await db.insert(auditLog).values(entry).returning();
  return row!;
}

export async function findAuditEntryByRequest(db: DbOrTx, requestId: string): Promise<AuditRow | null> {
  const [row] = await db.select().from(auditLog).where(eq(auditLog.requestId, requestId));
  return row ?? null;
}

/** Characters LIKE treats specially, escaped: a search for `50%` finds "50%". */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export interface AuditSearch {
  q: string | undefined;
  action: AuditAction | undefined;
  limit: number;
  offset: number;
}

/** The log newest first, searched by words of its reason, either address, an id or a reference. */
export async function searchAudit(
  db: DbOrTx,
  search: AuditSearch,
): Promise<{ rows: (AuditRow & { targetEmail: string | null })[]; total: number }> {
  const conditions: (SQL | undefined)[] = [search.action ? eq(auditLog.action, search.action) : undefined];
  if (search.q) {
    const pattern = likePattern(search.q);
    conditions.push(
      or(
        ilike(auditLog.reason, pattern),
        ilike(auditLog.operatorEmail, pattern),
        ilike(auditLog.action, pattern),
        ilike(user.email, pattern),
        eq(auditLog.targetUserId, search.q),
        eq(auditLog.targetReference, search.q),
      ),
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditLog, targetEmail: user.email })
      .from(auditLog)
      .leftJoin(user, eq(user.id, auditLog.targetUserId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(search.limit)
      .offset(search.offset),
    db.select({ n: count() }).from(auditLog).leftJoin(user, eq(user.id, auditLog.targetUserId)).where(where),
  ]);
  return { rows: rows.map((row) => ({ ...row.entry, targetEmail: row.targetEmail })), total: total?.n ?? 0 };
}

/** The entries about one account, oldest first, a page at a time after the entry `afterId` (the data export). */
export async function auditPageOfUser(db: DbOrTx, userId: string, afterId: string | null, limit: number): Promise<AuditRow[]> {
  // Compared in SQL: created_at has microseconds, which a JavaScript Date would lose.
  const after = afterId
    ? sql`(${auditLog.createdAt}, ${auditLog.id}) > (select a.created_at, a.id from audit_log a where a.id = ${afterId}::uuid)`
    : undefined;
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetUserId, userId), after))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id))
    .limit(limit);
}
