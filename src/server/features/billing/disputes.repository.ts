import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentDisputes } from '../../db/schema';

export type DisputeRow = typeof paymentDisputes.$inferSelect;

/** Records a dispute once; true when this call inserted it. */
export async function insertDispute(db: DbOrTx, row: typeof paymentDisputes.$inferInsert): Promise<boolean> {
  const inserted = await db.insert(paymentDisputes).values(row).onConflictDoNothing().returning({ id: paymentDisputes.id });
  return inserted.length > 0;
}

export async function findDispute(db: DbOrTx, id: string): Promise<DisputeRow | null> {
  const [row] = await db.select().from(paymentDisputes).where(eq(paymentDisputes.id, id));
  return row ?? null;
}

export async function lockDispute(tx: DbOrTx, id: string): Promise<DisputeRow | null> {
  const [row] = await tx.select().from(paymentDisputes).where(eq(paymentDisputes.id, id)).for('update');
  return row ?? null;
}

export async function closeDisputeRow(tx: DbOrTx, id: string, status: string): Promise<void> {
  await tx.update(paymentDisputes).set({ status, frozenCents: 0, closedAt: new Date() }).where(eq(paymentDisputes.id, id));
}

export async function updateDisputeStatus(db: DbOrTx, id: string, status: string): Promise<void> {
  await db.update(paymentDisputes).set({ status }).where(eq(paymentDisputes.id, id));
}

export async function disputesOf(db: DbOrTx, userId: string): Promise<DisputeRow[]> {
  return db.select().from(paymentDisputes).where(eq(paymentDisputes.userId, userId)).orderBy(desc(paymentDisputes.openedAt));
}
