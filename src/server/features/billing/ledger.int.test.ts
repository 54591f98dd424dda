import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { AppError, HTTP_STATUS_OF_CODE } from '@shared/errors';
import { createDb, type Db } from '../../db/client';
import { balanceAccounts, ledgerEntries, user } from '../../db/schema';
import { creditTopUp } from './billing.repository';
import { balanceOf, debitForGeneration, openBalanceAccount, quoteGeneration, refundGeneration } from './billing.service';

const PRICE = 8;
let db: Db;

beforeAll(() => {
  db = createDb(inject('databaseUrl'), { max: 20 });
});
afterAll(() => db?.$client.end());

async function newUser(): Promise<string> {
  const id = randomUUID();
  await db.insert(user).values({ id, email: `${id}@ledger.test`, emailVerified: true });
  return id;
}

async function accountOf(userId: string) {
  const [row] = await db.select().from(balanceAccounts).where(eq(balanceAccounts.userId, userId));
  return row!;
}

async function ledgerSums(userId: string) {
  const result = await db.execute<{ cents: string; free: string; entries: string }>(
    sql`select coalesce(sum(amount_cents), 0) as cents, coalesce(sum(free_generations_delta), 0) as free, count(*) as entries from ledger_entries where user_id = ${userId}`,
  );
  const row = result.rows[0]!;
  return { cents: Number(row.cents), free: Number(row.free), entries: Number(row.entries) };
}

/** A user with `free` free images and `cents` of paid credit, as the product would give them. */
async function userWith(free: number, cents: number): Promise<string> {
  const userId = await newUser();
  await openBalanceAccount(db, userId, free);
  if (cents > 0) await creditTopUp(db, { userId, amountCents: cents, reference: `cs_seed_${randomUUID()}`, description: 'seed' });
  return userId;
}

const debit = (userId: string, imageCount = 1, tx: Parameters<typeof debitForGeneration>[0] = db) =>
  debitForGeneration(tx, { userId, jobId: randomUUID(), imageCount, pricePerImageCents: PRICE });

describe('opening an account', () => {
  it('gives a new user FREE_GENERATIONS free images with one free_grant entry, once however often it is called', async () => {
    const userId = await newUser();
    await Promise.all([openBalanceAccount(db, userId, 3), openBalanceAccount(db, userId, 3), openBalanceAccount(db, userId, 3)]);
    expect(await accountOf(userId)).toMatchObject({ availableCents: 0, freeGenerationsLeft: 3 });
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
    expect(entries).toEqual([expect.objectContaining({ kind: 'free_grant', reference: userId, amountCents: 0, freeGenerationsDelta: 3 })]);
    expect(await balanceOf(db, userId, 3)).toEqual({
      balance: 0,
      formatted: '$0.00',
      freeGenerationsLeft: 3,
      availableCents: 0,
      frozenCents: 0,
    });
  });

  it('opens the account of a user who had none when the balance is first asked for', async () => {
    const userId = await newUser();
    expect(await balanceOf(db, userId, 2)).toEqual({
      balance: 0,
      formatted: '$0.00',
      freeGenerationsLeft: 2,
      availableCents: 0,
      frozenCents: 0,
    });
  });
});

describe('pricing and debiting a generation', () => {
  it('quotes free images first, then cents', async () => {
    const userId = await userWith(1, 100);
    expect(await quoteGeneration(db, userId, 3, PRICE)).toEqual({
      imageCount: 3,
      freeImages: 1,
      paidImages: 2,
      priceCents: 16,
      freeGenerationsLeft: 1,
      availableCents: 100,
    });
  });

  it('takes free images first, then the balance, and records what it took in one usage entry', async () => {
    const userId = await userWith(1, 100);
    const jobId = randomUUID();
    const result = await debitForGeneration(db, { userId, jobId, imageCount: 3, pricePerImageCents: PRICE });
    expect(result).toEqual({ jobId, freeImages: 1, paidImages: 2, priceCents: 16, freeGenerationsLeft: 0, availableCents: 84 });
    const [entry] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.reference, jobId));
    expect(entry).toMatchObject({
      kind: 'usage',
      amountCents: -16,
      freeGenerationsDelta: -1,
      balanceAfterCents: 84,
      description: 'Generated 3 images (1 free)',
    });
  });

  it('refuses with 402 INSUFFICIENT_BALANCE when short and writes nothing', async () => {
    const userId = await userWith(1, 8);
    const before = await ledgerSums(userId);
    const refused = await debit(userId, 3).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'INSUFFICIENT_BALANCE', message: 'Insufficient credits' });
    expect(HTTP_STATUS_OF_CODE[(refused as AppError).code]).toBe(402);
    expect(await accountOf(userId)).toMatchObject({ availableCents: 8, freeGenerationsLeft: 1 });
    expect(await ledgerSums(userId)).toEqual(before);
  });

  it("runs inside the caller's transaction: rolled back with it, and a refusal leaves the transaction usable", async () => {
    const userId = await userWith(0, 16);
    await db
      .transaction(async (tx) => {
        await debit(userId, 1, tx);
        throw new Error('the job row could not be written');
      })
      .catch(() => undefined);
    expect(await accountOf(userId)).toMatchObject({ availableCents: 16 });

    const committed = await db.transaction(async (tx) => {
      await expect(debit(userId, 5, tx)).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
      return debit(userId, 2, tx);
    });
    expect(committed.availableCents).toBe(0);
    expect(await accountOf(userId)).toMatchObject({ availableCents: 0 });
  });

  it('lets exactly 12 of 200 concurrent debits through when the balance covers 12; the rest get 402 and the balance ends at 0, equal to its ledger', async () => {
    // 3 free images plus 9 paid ones: both halves of the debit are raced.
    const userId = await userWith(3, 9 * PRICE);
    const outcomes = await Promise.allSettled(Array.from({ length: 200 }, () => debit(userId)));
    const succeeded = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []));
    expect(succeeded).toHaveLength(12);
    expect(refused).toHaveLength(188);
    for (const reason of refused) expect(HTTP_STATUS_OF_CODE[(reason as AppError).code]).toBe(402);

    const account = await accountOf(userId);
    expect(account).toMatchObject({ availableCents: 0, freeGenerationsLeft: 0 });
    const sums = await ledgerSums(userId);
    expect(sums.cents).toBe(account.availableCents);
    expect(sums.free).toBe(account.freeGenerationsLeft);
    expect(sums.entries).toBe(1 + 1 + 12);
  });

  it('refuses to debit one job twice', async () => {
    const userId = await userWith(0, 80);
    const jobId = randomUUID();
    await debitForGeneration(db, { userId, jobId, imageCount: 1, pricePerImageCents: PRICE });
    await expect(debitForGeneration(db, { userId, jobId, imageCount: 1, pricePerImageCents: PRICE })).rejects.toThrow();
    expect(await accountOf(userId)).toMatchObject({ availableCents: 72 });
  });
});

describe('refunding a generation', () => {
  it('gives back the free images and cents the debit took, once, however often and concurrently it is asked', async () => {
    const userId = await userWith(1, 100);
    const jobId = randomUUID();
    await debitForGeneration(db, { userId, jobId, imageCount: 2, pricePerImageCents: PRICE });
    expect(await accountOf(userId)).toMatchObject({ availableCents: 92, freeGenerationsLeft: 0 });

    const first = await refundGeneration(db, { userId, jobId });
    const again = await refundGeneration(db, { userId, jobId });
    const racing = await Promise.all(Array.from({ length: 5 }, () => refundGeneration(db, { userId, jobId })));
    expect(first).toEqual({ refunded: true, cents: 8, freeImages: 1 });
    expect(again.refunded).toBe(false);
    expect(racing.every((r) => !r.refunded)).toBe(true);

    const refunds = await db
      .select()
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.kind} = 'refund' and ${ledgerEntries.reference} = ${jobId}`);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amountCents: 8, freeGenerationsDelta: 1, balanceAfterCents: 100 });
    expect(await accountOf(userId)).toMatchObject({ availableCents: 100, freeGenerationsLeft: 1 });
  });

  it('credits one refund when the same refund is requested concurrently', async () => {
    const userId = await userWith(0, 80);
    const jobId = randomUUID();
    await debitForGeneration(db, { userId, jobId, imageCount: 4, pricePerImageCents: PRICE });
    const results = await Promise.all(Array.from({ length: 10 }, () => refundGeneration(db, { userId, jobId })));
    expect(results.filter((r) => r.refunded)).toHaveLength(1);
    expect(await accountOf(userId)).toMatchObject({ availableCents: 80 });
    expect((await ledgerSums(userId)).cents).toBe(80);
  });

  it("inside the caller's transaction, a refund that lost the race leaves the transaction usable", async () => {
    const userId = await userWith(0, 80);
    const jobId = randomUUID();
    await debitForGeneration(db, { userId, jobId, imageCount: 1, pricePerImageCents: PRICE });
    await refundGeneration(db, { userId, jobId });
    const after = await db.transaction(async (tx) => {
      expect((await refundGeneration(tx, { userId, jobId })).refunded).toBe(false);
      return debit(userId, 1, tx);
    });
    expect(after.availableCents).toBe(72);
  });

  it('does nothing for a job that was never debited, or for another user', async () => {
    const userId = await userWith(0, 80);
    const other = await userWith(0, 80);
    const jobId = randomUUID();
    await debitForGeneration(db, { userId, jobId, imageCount: 1, pricePerImageCents: PRICE });
    expect((await refundGeneration(db, { userId: other, jobId })).refunded).toBe(false);
    expect((await refundGeneration(db, { userId, jobId: randomUUID() })).refunded).toBe(false);
    expect(await accountOf(other)).toMatchObject({ availableCents: 80 });
    expect(await accountOf(userId)).toMatchObject({ availableCents: 72 });
  });
});
