import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { user } from '../../db/schema';

export async function recordTermsAcceptance(db: Db, userId: string): Promise<Date> {
  const [row] = await db
    .update(user)
    .set({ termsAcceptedAt: sql`coalesce(${user.termsAcceptedAt}, now())`, updatedAt: new Date() })
    .where(eq(user.id, userId))
    .returning({ termsAcceptedAt: user.termsAcceptedAt });
  return row!.termsAcceptedAt!;
}
