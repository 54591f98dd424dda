import { englishOf } from '../../lib/english-text';
import { codeOfLine, englishOfLine, type LedgerText } from './ledger-text';
import type { CodedText } from '@shared/coded-text';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { hotRead } from '../../db/prepared';
import { balanceAccounts, checkoutSessions, ledgerEntries, type ledgerKind, user } from '../../db/schema';

/**
 * The ledger's SQL. Every balance change is ONE statement that updates the account row and
 * appends its ledger entry together, so the two can never disagree, and every entry's
 * (kind, reference) is unique, so a retried webhook, verify call or job cannot post twice: the
 * second statement fails on the unique index and changes nothing.
 */

export type LedgerKind = (typeof ledgerKind.enumValues)[number];

export interface AccountRow {
  availableCents: number;
  /** Frozen by open disputes and pending card refunds: part of the balance that cannot be spent. */
  frozenCents: number;
  freeGenerationsLeft: number;
  stripeCustomerId: string | null;
}

const int = (value: unknown): number => Number(value);

/** Creates the account with its free images and the free_grant entry; false if it existed. */
export async function insertAccountWithFreeGrant(
  db: DbOrTx,
  userId: string,
  freeGenerations: number,
  description: LedgerText,
): Promise<boolean> {
  const result = await db.execute<{ user_id: string }>(sql`
    with opened as (
      insert into balance_accounts (user_id, available_cents, free_generations_left)
      values (${userId}, 0, ${freeGenerations})
      on conflict (user_id) do nothing
      returning user_id
    ), granted as (
      insert into ledger_entries (user_id, kind, amount_cents, free_generations_delta, reference, description, description_code, balance_after_cents)
      select user_id, 'free_grant', 0, ${freeGenerations}, user_id, ${englishOfLine(description)}, ${codeOfLine(description)}::jsonb, 0 from opened
      on conflict (kind, reference) do nothing
      returning user_id
    )
    select user_id from opened`);
  return result.rows.length > 0;
}

export const FIND_ACCOUNT = hotRead((db) =>
  db
    .select({
      availableCents: balanceAccounts.availableCents,
      frozenCents: balanceAccounts.frozenCents,
      freeGenerationsLeft: balanceAccounts.freeGenerationsLeft,
      stripeCustomerId: balanceAccounts.stripeCustomerId,
    })
    .from(balanceAccounts)
    .where(eq(balanceAccounts.userId, sql.placeholder('userId')))
    .prepare('billing-find-account'),
);

/** The balance read on every page: one prepared statement (decision 019). */
export async function findAccount(db: DbOrTx, userId: string): Promise<AccountRow | null> {
  const [row] = await FIND_ACCOUNT(db).execute({ userId });
  return row ?? null;
}

export interface DebitRow {
  freeImages: number;
  centsTaken: number;
  freeGenerationsLeft: number;
  availableCents: number;
}

/**
 * The debit: one conditional UPDATE, free images first, then cents, only where the account can
 * cover it, with its usage entry in the same statement. No row back means the account is short
 * (or missing), and nothing was written.
 *
 * The `prior` CTE locks the row first so the statement can report what it took (Postgres 15
 * cannot return a row's old values from an UPDATE); the condition itself is on the row being
 * updated, and the CHECK constraint refuses a negative balance whatever happens above it.
 */
export async function debitAccount(
  db: DbOrTx,
  input: { userId: string; jobId: string; imageCount: number; pricePerImageCents: number },
): Promise<DebitRow | null> {
  const { userId, jobId, imageCount: n, pricePerImageCents: price } = input;
  // The line says how many images were free; only the statement knows, so it picks the code.
  const english = (code: CodedText['code'], free: number | string) => englishOf({ code, params: { count: n, free } });
  // A free engine (price 0) leaves the free images for the paid ones.
  const freeCap = price > 0 ? n : 0;
  const result = await db.execute<{ free_used: string; cents_taken: string; free_left: string; available_after: string }>(sql`
    with prior as materialized (
      select user_id, free_generations_left, available_cents
      from balance_accounts where user_id = ${userId}
      for update
    ), debited as (
      update balance_accounts a set
        free_generations_left = a.free_generations_left - least(a.free_generations_left, ${freeCap}::int),
        available_cents = a.available_cents - (${n}::int - least(a.free_generations_left, ${freeCap}::int)) * ${price}::bigint,
        updated_at = now()
      from prior p
      where a.user_id = p.user_id
        -- What open disputes and pending card refunds freeze cannot be spent.
        and greatest(a.available_cents - a.frozen_cents, 0) >= (${n}::int - least(a.free_generations_left, ${freeCap}::int)) * ${price}::bigint
      returning a.user_id,
        p.free_generations_left - a.free_generations_left as free_used,
        p.available_cents - a.available_cents as cents_taken,
        a.free_generations_left as free_left,
        a.available_cents as available_after
    ), entry as (
      insert into ledger_entries (user_id, kind, amount_cents, free_generations_delta, reference, description, description_code, balance_after_cents)
      select user_id, 'usage', -cents_taken, -free_used, ${jobId},
        case
          when free_used = ${n}::int then ${english('ledger.generatedFree', n)}::text
          when free_used > 0 then replace(${english('ledger.generatedPartlyFree', '%FREE%')}::text, '%FREE%', free_used::text)
          else ${english('ledger.generated', 0)}::text end,
        jsonb_build_object('code', case
            when free_used = ${n}::int then 'ledger.generatedFree'
            when free_used > 0 then 'ledger.generatedPartlyFree'
            else 'ledger.generated' end,
          'params', jsonb_build_object('count', ${n}::int, 'free', free_used::int)),
        available_after
      from debited
      returning id
    )
    select d.free_used, d.cents_taken, d.free_left, d.available_after from debited d, entry`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    freeImages: int(row.free_used),
    centsTaken: int(row.cents_taken),
    freeGenerationsLeft: int(row.free_left),
    availableCents: int(row.available_after),
  };
}

export async function ledgerEntryExists(db: DbOrTx, kind: LedgerKind, reference: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, kind), eq(ledgerEntries.reference, reference)));
  return !!row;
}

export interface RefundRow {
  cents: number;
  freeImages: number;
  availableCents: number;
  freeGenerationsLeft: number;
}

/**
 * Gives back exactly what the job's usage entry took, with a refund entry whose reference is the
 * job id. A second refund of the same job fails on the unique index (the caller treats that as
 * done); null means the job was never debited for this user.
 */
export async function refundUsage(
  db: DbOrTx,
  input: { userId: string; jobId: string; description: LedgerText },
): Promise<RefundRow | null> {
  const result = await db.execute<{ cents: string; free: string; available_cents: string; free_generations_left: string }>(sql`
    with taken as (
      select user_id, -amount_cents as cents, -free_generations_delta as free
      from ledger_entries
      where kind = 'usage' and reference = ${input.jobId} and user_id = ${input.userId}
    ), restored as (
      update balance_accounts a set
        available_cents = a.available_cents + t.cents,
        free_generations_left = a.free_generations_left + t.free,
        updated_at = now()
      from taken t
      where a.user_id = t.user_id
      returning a.user_id, t.cents, t.free, a.available_cents, a.free_generations_left
    ), entry as (
      insert into ledger_entries (user_id, kind, amount_cents, free_generations_delta, reference, description, description_code, balance_after_cents)
      select user_id, 'refund', cents, free, ${input.jobId}, ${englishOfLine(input.description)}, ${codeOfLine(input.description)}::jsonb, available_cents from restored
      returning id
    )
    select r.cents, r.free, r.available_cents, r.free_generations_left from restored r, entry`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    cents: int(row.cents),
    freeImages: int(row.free),
    availableCents: int(row.available_cents),
    freeGenerationsLeft: int(row.free_generations_left),
  };
}

/**
 * Credits a paid checkout session: the account (created if missing) and the top_up entry keyed
 * on the session id, in one statement. A second credit of the same session fails on the unique
 * index and rolls the whole statement back.
 */
export async function creditTopUp(
  db: DbOrTx,
  input: { userId: string; amountCents: number; reference: string; description: LedgerText },
): Promise<number> {
  const result = await db.execute<{ available_cents: string }>(sql`
    with credited as (
      insert into balance_accounts (user_id, available_cents)
      values (${input.userId}, ${input.amountCents})
      on conflict (user_id) do update set
        available_cents = balance_accounts.available_cents + excluded.available_cents,
        updated_at = now()
      returning user_id, available_cents
    ), entry as (
      insert into ledger_entries (user_id, kind, amount_cents, reference, description, description_code, balance_after_cents)
      select user_id, 'top_up', ${input.amountCents}, ${input.reference}, ${englishOfLine(input.description)}, ${codeOfLine(input.description)}::jsonb, available_cents from credited
      returning id
    )
    select c.available_cents from credited c, entry`);
  return int(result.rows[0]!.available_cents);
}

/** Locks the account row (creating an empty one if needed) for a read-decide-write in one transaction. */
export async function lockAccount(db: DbOrTx, userId: string): Promise<AccountRow> {
  await db.insert(balanceAccounts).values({ userId }).onConflictDoNothing();
  const result = await db.execute<{
    available_cents: string;
    frozen_cents: string;
    free_generations_left: number;
    stripe_customer_id: string | null;
  }>(
    sql`select available_cents, frozen_cents, free_generations_left, stripe_customer_id from balance_accounts where user_id = ${userId} for update`,
  );
  const row = result.rows[0]!;
  return {
    availableCents: int(row.available_cents),
    frozenCents: int(row.frozen_cents),
    freeGenerationsLeft: row.free_generations_left,
    stripeCustomerId: row.stripe_customer_id,
  };
}

/** Adjustment references of one charge start with `${chargeId}:`; returns them all. */
export async function adjustmentReferencesWithPrefix(db: DbOrTx, prefix: string): Promise<string[]> {
  const rows = await db
    .select({ reference: ledgerEntries.reference })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'adjustment'), sql`starts_with(${ledgerEntries.reference}, ${prefix})`));
  return rows.map((r) => r.reference);
}

/** Takes up to `cents` (never below zero; the caller has locked the row) and records it. */
export async function debitAdjustment(
  db: DbOrTx,
  input: { userId: string; cents: number; reference: string; description: LedgerText },
): Promise<number> {
  const [account] = await db
    .update(balanceAccounts)
    .set({ availableCents: sql`${balanceAccounts.availableCents} - ${input.cents}`, updatedAt: new Date() })
    .where(eq(balanceAccounts.userId, input.userId))
    .returning({ availableCents: balanceAccounts.availableCents });
  await db.insert(ledgerEntries).values({
    userId: input.userId,
    kind: 'adjustment',
    amountCents: -input.cents,
    reference: input.reference,
    description: englishOfLine(input.description),
    descriptionCode: typeof input.description === 'string' ? null : input.description,
    balanceAfterCents: account!.availableCents,
  });
  return account!.availableCents;
}

/** Stores the user's Stripe customer once; returns the id that is stored afterwards. */
export async function saveStripeCustomerId(db: DbOrTx, userId: string, customerId: string): Promise<string> {
  await db
    .insert(balanceAccounts)
    .values({ userId, stripeCustomerId: customerId })
    .onConflictDoUpdate({
      target: balanceAccounts.userId,
      set: { stripeCustomerId: sql`coalesce(${balanceAccounts.stripeCustomerId}, excluded.stripe_customer_id)`, updatedAt: new Date() },
    });
  const account = await findAccount(db, userId);
  return account!.stripeCustomerId!;
}

export async function findUserIdByStripeCustomer(db: DbOrTx, customerId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: balanceAccounts.userId })
    .from(balanceAccounts)
    .where(eq(balanceAccounts.stripeCustomerId, customerId));
  return row?.userId ?? null;
}

export async function findUserEmail(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  return row?.email ?? null;
}

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

export async function insertCheckoutSession(db: DbOrTx, row: typeof checkoutSessions.$inferInsert): Promise<void> {
  await db.insert(checkoutSessions).values(row);
}

/** Scoped to its owner: another user's session id finds nothing. */
export async function findCheckoutSession(db: DbOrTx, userId: string, sessionId: string): Promise<CheckoutSessionRow | null> {
  const [row] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.userId, userId)));
  return row ?? null;
}

/** For webhooks, which arrive without a user: the owner comes from our own row. */
export async function findCheckoutSessionById(db: DbOrTx, sessionId: string): Promise<CheckoutSessionRow | null> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
  return row ?? null;
}

/**
 * Records the provider's view of the session. A paid session is never moved back, and a failed
 * asynchronous payment stays failed (Stripe itself reports it as merely 'unpaid' afterwards).
 */
export async function updateCheckoutSessionStatus(db: DbOrTx, sessionId: string, status: string, paymentStatus: string): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({
      status,
      paymentStatus:
        paymentStatus === 'unpaid'
          ? sql`case when ${checkoutSessions.paymentStatus} = 'failed' then 'failed' else 'unpaid' end`
          : paymentStatus,
      completedAt: paymentStatus === 'paid' ? sql`coalesce(${checkoutSessions.completedAt}, now())` : checkoutSessions.completedAt,
    })
    .where(and(eq(checkoutSessions.id, sessionId), ne(checkoutSessions.paymentStatus, 'paid')));
}

/** The payment behind a paid session, kept once known. */
export async function savePaymentIntent(db: DbOrTx, sessionId: string, paymentIntentId: string): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ paymentIntentId: sql`coalesce(${checkoutSessions.paymentIntentId}, ${paymentIntentId})` })
    .where(eq(checkoutSessions.id, sessionId));
}

export interface LedgerEntryRow {
  id: string;
  kind: LedgerKind;
  amountCents: number;
  description: string;
  /** The line as a code (null for entries written before codes): the client words it. */
  descriptionCode: CodedText | null;
  balanceAfterCents: number;
  createdAt: Date;
  /** For a generation's charge or refund: its job's engine and model. */
  engine: { kind: string; model: string | null } | null;
}

/**
 * The engine of the job a usage or refund entry is for (their reference is the job's id); the
 * CASE keeps other kinds' references, which are no uuids, from being cast.
 */
const engineOfEntry = (entry: string) => `case when ${entry}.kind in ('usage', 'refund') then (
    select json_build_object('kind', j.engine, 'model', j.engine_model) from agent_jobs j where j.id = ${entry}.reference::uuid and j.user_id = ${entry}.user_id
  ) end`;

export interface LedgerPageQuery {
  limit: number;
  startingAfter?: string | undefined;
  endingBefore?: string | undefined;
}

const ledgerPageColumns = {
  id: ledgerEntries.id,
  kind: ledgerEntries.kind,
  amountCents: ledgerEntries.amountCents,
  description: ledgerEntries.description,
  descriptionCode: ledgerEntries.descriptionCode,
  balanceAfterCents: ledgerEntries.balanceAfterCents,
  createdAt: ledgerEntries.createdAt,
  engine: sql<LedgerEntryRow['engine']>`${sql.raw(engineOfEntry('"ledger_entries"'))}`,
};

/** The first page, which every visit of the history opens: one prepared statement (decision 019). */
export const FIRST_LEDGER_PAGE = hotRead((db) =>
  db
    .select(ledgerPageColumns)
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, sql.placeholder('userId')),
        sql`${ledgerEntries.kind} = any(${sql.placeholder('kinds')}::ledger_kind[])`,
      ),
    )
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(sql.placeholder('limit'))
    .prepare('billing-first-ledger-page'),
);

/**
 * A page of the user's entries of the given kinds, newest first, with Stripe's cursor rules:
 * `starting_after` an entry gives older ones, `ending_before` gives newer ones. Null when the
 * cursor is not one of this user's entries.
 */
export async function listLedgerEntries(
  db: DbOrTx,
  userId: string,
  kinds: LedgerKind[],
  query: LedgerPageQuery,
): Promise<{ rows: LedgerEntryRow[]; hasMore: boolean } | null> {
  const cursorId = query.startingAfter ?? query.endingBefore;
  if (!cursorId) {
    const entries = await FIRST_LEDGER_PAGE(db).execute({ userId, kinds, limit: query.limit + 1 });
    return { rows: entries.slice(0, query.limit), hasMore: entries.length > query.limit };
  }
  const mine = and(eq(ledgerEntries.userId, userId), inArray(ledgerEntries.kind, kinds));
  const [found] = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(mine, eq(ledgerEntries.id, cursorId)));
  if (!found) return null;
  // Compared in SQL: created_at has microseconds, which a JavaScript Date would lose.
  const position = sql`(select c.created_at, c.id from ledger_entries c where c.id = ${cursorId}::uuid)`;
  const take = query.limit + 1;
  if (query.endingBefore) {
    const newer = await db
      .select(ledgerPageColumns)
      .from(ledgerEntries)
      .where(and(mine, sql`(${ledgerEntries.createdAt}, ${ledgerEntries.id}) > ${position}`))
      .orderBy(ledgerEntries.createdAt, ledgerEntries.id)
      .limit(take);
    return { rows: newer.slice(0, query.limit).reverse(), hasMore: newer.length > query.limit };
  }
  const older = await db
    .select(ledgerPageColumns)
    .from(ledgerEntries)
    .where(and(mine, sql`(${ledgerEntries.createdAt}, ${ledgerEntries.id}) < ${position}`))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(take);
  return { rows: older.slice(0, query.limit), hasMore: older.length > query.limit };
}

/**
 * Every entry of the given kinds created in [from, to), newest first, for the history's CSV
 * export: at most `max` rows (the caller refuses a larger period rather than cut it silently).
 */
export async function listLedgerEntriesInPeriod(
  db: DbOrTx,
  userId: string,
  kinds: LedgerKind[],
  period: { from: Date; to: Date; max: number },
): Promise<LedgerEntryRow[]> {
  return db
    .select(ledgerPageColumns)
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        inArray(ledgerEntries.kind, kinds),
        sql`${ledgerEntries.createdAt} >= ${period.from.toISOString()}::timestamptz`,
        sql`${ledgerEntries.createdAt} < ${period.to.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(period.max + 1);
}
