import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { session, user, verification } from '../../db/schema';

/** The account columns the operator console changes; better-auth's own code never writes them. */

export interface AccessRow {
  id: string;
  email: string;
  emailVerified: boolean;
  disabledAt: Date | null;
  operatorGrantedAt: Date | null;
}

const accessColumns = {
  id: user.id,
  email: user.email,
  emailVerified: user.emailVerified,
  disabledAt: user.disabledAt,
  operatorGrantedAt: user.operatorGrantedAt,
};

/** Locks the user row for the caller's transaction. */
export async function lockAccess(tx: DbOrTx, userId: string): Promise<AccessRow | null> {
  const [row] = await tx.select(accessColumns).from(user).where(eq(user.id, userId)).for('update');
  return row ?? null;
}

export async function findAccessByEmail(db: DbOrTx, email: string): Promise<AccessRow | null> {
  const [row] = await db.select(accessColumns).from(user).where(eq(user.email, email));
  return row ?? null;
}

/** Disables the account (once) and deletes every session of it in the same transaction: the number ended. */
export async function disableAndSignOut(tx: DbOrTx, userId: string): Promise<number> {
  await tx
    .update(user)
    .set({ disabledAt: new Date() })
    .where(and(eq(user.id, userId), isNull(user.disabledAt)));
  const ended = await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
  return ended.length;
}

export async function enable(tx: DbOrTx, userId: string): Promise<void> {
  await tx
    .update(user)
    .set({ disabledAt: null })
    .where(and(eq(user.id, userId), isNotNull(user.disabledAt)));
}

export async function setOperatorGrant(tx: DbOrTx, userId: string, granted: boolean): Promise<void> {
  await tx
    .update(user)
    .set({ operatorGrantedAt: granted ? new Date() : null })
    .where(eq(user.id, userId));
}

/** The first acceptance of the terms is kept; accepting again changes nothing. */
export async function recordTermsAcceptance(db: DbOrTx, userId: string): Promise<Date> {
  const [row] = await db
    .update(user)
    .set({ termsAcceptedAt: sql`coalesce(${user.termsAcceptedAt}, now())`, updatedAt: new Date() })
    .where(eq(user.id, userId))
    .returning({ termsAcceptedAt: user.termsAcceptedAt });
  return row!.termsAcceptedAt!;
}

/**
 * The user row and the password-reset tokens naming it; with the row go (ON DELETE CASCADE) every
 * session, sign-in account, chat session, message, job, balance account, ledger entry and checkout record.
 */
export async function deleteUserRows(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(verification).where(eq(verification.value, userId));
  await tx.delete(user).where(eq(user.id, userId));
}
