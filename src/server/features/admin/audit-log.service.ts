import { ADMIN_AUDIT_PAGE_SIZE, type AuditEntry, type AuditPage, type AuditQuery } from '@shared/admin';
import type { DbOrTx } from '../../db/client';
import { auditPageOfUser, searchAudit, type AuditRow } from './audit-log.repository';

/** The audit log as the console shows it and as a user's data export includes it. */

export function auditEntryOf(row: AuditRow & { targetEmail?: string | null }): AuditEntry {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    operatorEmail: row.operatorEmail,
    action: row.action as AuditEntry['action'],
    targetUserId: row.targetUserId,
    targetEmail: row.targetEmail ?? null,
    targetReference: row.targetReference,
    reason: row.reason,
    before: row.before,
    after: row.after,
  };
}

export async function auditPage(db: DbOrTx, query: AuditQuery): Promise<AuditPage> {
  const { rows, total } = await searchAudit(db, {
    q: query.q || undefined,
    action: query.action,
    limit: ADMIN_AUDIT_PAGE_SIZE,
    offset: (query.page - 1) * ADMIN_AUDIT_PAGE_SIZE,
  });
  return { entries: rows.map(auditEntryOf), total, page: query.page, pageSize: ADMIN_AUDIT_PAGE_SIZE };
}

/**
 * What operators did to one account, oldest first, a page at a time: for the account's data
 * export. The operator is named by role, not by address: the entry is the user's data, the
 * operator's address is not.
 */
export async function* auditEntriesAbout(
  db: DbOrTx,
  userId: string,
  pageSize = 200,
): AsyncGenerator<Omit<AuditEntry, 'operatorEmail' | 'targetEmail'>> {
  let afterId: string | null = null;
  for (;;) {
    const page = await auditPageOfUser(db, userId, afterId, pageSize);
    for (const row of page) {
      const { operatorEmail: _operator, targetEmail: _target, ...entry } = auditEntryOf(row);
      yield entry;
    }
    if (page.length < pageSize) return;
    afterId = page[page.length - 1]!.id;
  }
}
