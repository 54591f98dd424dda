import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { session, user } from '../../db/schema';

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
