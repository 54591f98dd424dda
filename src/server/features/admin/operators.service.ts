import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { accountAccessByEmail, grantOperator } from '../auth/account-access.service';
import { insertAuditEntry } from './audit-log.repository';

/**
 * Who may use the operator console: a user whose address is confirmed and who is listed in
 * ADMIN_EMAILS or was granted it with `npm run admin -- grant <email>` — and whose account is not
 * disabled. An unconfirmed address is nobody's proof of owning it, so it grants nothing.
 */
export function isOperator(
  user: { email: string; emailVerified: boolean; operatorGrantedAt?: Date | string | null; disabledAt?: Date | string | null },
  adminEmails: readonly string[],
): boolean {
  if (!user.emailVerified || user.disabledAt) return false;
  return Boolean(user.operatorGrantedAt) || adminEmails.includes(user.email.trim().toLowerCase());
}

export type OperatorCommandOutcome = 'granted' | 'revoked' | 'unchanged' | 'no-such-user';

/** The command line's operator in the audit log. */
export const COMMAND_LINE_OPERATOR = 'command line (npm run admin)';

/**
 * `npm run admin -- grant|revoke <email>`: records or removes the grant, with its audit entry, in
 * one transaction. ADMIN_EMAILS is configuration and is not changed by this.
 */
export async function setOperatorByCommand(
  db: Db,
  email: string,
  grant: boolean,
): Promise<{ outcome: OperatorCommandOutcome; emailVerified: boolean }> {
  return db.transaction(async (tx) => {
    const found = await accountAccessByEmail(tx, email);
    if (!found) return { outcome: 'no-such-user' as const, emailVerified: false };
    const granted = found.operatorGrantedAt !== null;
    if (granted === grant) return { outcome: 'unchanged' as const, emailVerified: found.emailVerified };
    await grantOperator(tx, found.id, grant);
    await insertAuditEntry(tx, {
      requestId: randomUUID(),
      operatorId: null,
      operatorEmail: COMMAND_LINE_OPERATOR,
      action: grant ? 'operator_granted' : 'operator_revoked',
      targetUserId: found.id,
      targetReference: null,
      reason: grant ? 'granted from the command line' : 'revoked from the command line',
      before: { operator: granted },
      after: { operator: grant },
    });
    return { outcome: grant ? ('granted' as const) : ('revoked' as const), emailVerified: found.emailVerified };
  });
}
