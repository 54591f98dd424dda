import { coded } from '@shared/coded-text';
import {
  ADMIN_FAILED_JOBS_PAGE_SIZE,
  ADMIN_LEDGER_PAGE_SIZE,
  ADMIN_USERS_PAGE_SIZE,
  type AdminActionResult,
  type AdminLedgerPage,
  type AdminUserDetail,
  type AdminUserRow,
  type AuditAction,
  type CardRefundRequest,
  type CreditAdjustment,
  type EngineStatus,
  type FreeImagesGrant,
  type JobsOverview,
  type Overview,
  type OverviewQuery,
  type UserList,
  type UserListQuery,
} from '@shared/admin';
import { AppError } from '@shared/errors';
import type { AppDeps, SignedInUser } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-errors';
import type { JobName } from '../../jobs/job-types';
import { disableAccount, enableAccount, lockAccountAccess, resendConfirmationMail } from '../auth/account-access.service';
import { spendableCents } from '../billing/billing.service';
import { ensurePaymentKnown, reserveCardRefund, submitCardRefund, topUpsAndRefundsOf } from '../billing/card-refunds.service';
import { grantCredit, grantFreeImages, lockBalance, takeBackCredit } from '../billing/corrections.service';
import { disputesOfUser } from '../billing/disputes.service';
import { refundFailedGeneration, retryFailedGeneration } from '../generation/failed-generations.service';
import { configuredEngines } from '../generation/engines.service';
import {
  cardRefundSums,
  dailyFigures,
  disputeSums,
  failedGenerations,
  findUserRow,
  generationOutcomes,
  generationTimings,
  lastHourByEngine,
  ledgerPage,
  ledgerSums,
  listUsers,
  ownerOfGeneration,
  signUpsAndActiveUsers,
  userActivity,
  type UserRowRecord,
} from './admin.repository';
import { findAuditEntryByRequest, insertAuditEntry, type AuditRow } from './audit-log.repository';
import { isOperator } from './operators.service';
import { periodOf } from './period';

/**
 * The operator console's rules (decision 031). Reports read every account; actions change one,
 * each through the service of the feature that owns what it changes, and each writes exactly one
 * audit entry in the same transaction — who, when, what, why, before and after. A repeated submit
 * (the same request id) finds its entry and changes nothing again.
 */

type AdminDeps = Pick<AppDeps, 'db' | 'config' | 'jobs' | 'payments' | 'generation' | 'auth' | 'logger'>;

const iso = (at: Date | null) => (at ? at.toISOString() : null);
const refusal = (reason: string, message: string) => new AppError('BAD_REQUEST', message, { details: { reason } });

export async function overview(deps: Pick<AppDeps, 'db'>, query: OverviewQuery): Promise<Overview> {
  const period = periodOf(query);
  const { db } = deps;
  const [sums, cardRefunds, disputes, people, generations, timings, daily] = await Promise.all([
    ledgerSums(db, period),
    cardRefundSums(db, period),
    disputeSums(db, period),
    signUpsAndActiveUsers(db, period),
    generationOutcomes(db, period),
    generationTimings(db, period),
    dailyFigures(db, period),
  ]);
  return {
    period: { from: period.from.toISOString(), to: period.to.toISOString(), firstDay: period.firstDay, lastDay: period.lastDay },
    ...sums,
    cardRefunds,
    netRevenueCents: sums.topUps.cents - cardRefunds.cents - disputes.lost.cents,
    ...people,
    disputes,
    generations,
    timings,
    daily,
  };
}

function userRowOf(row: UserRowRecord, adminEmails: readonly string[]): AdminUserRow {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    emailVerified: row.emailVerified,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: iso(row.lastSeenAt),
    availableCents: row.availableCents,
    frozenCents: row.frozenCents,
    freeGenerationsLeft: row.freeGenerationsLeft,
    disabled: row.disabledAt !== null,
    operator: isOperator(row, adminEmails),
  };
}

export async function users(deps: Pick<AppDeps, 'db' | 'config'>, query: UserListQuery): Promise<UserList> {
  const { rows, total } = await listUsers(deps.db, {
    q: query.q || undefined,
    sort: query.sort,
    order: query.order,
    limit: ADMIN_USERS_PAGE_SIZE,
    offset: (query.page - 1) * ADMIN_USERS_PAGE_SIZE,
  });
  return { users: rows.map((row) => userRowOf(row, deps.config.adminEmails)), total, page: query.page, pageSize: ADMIN_USERS_PAGE_SIZE };
}

const userNotFound = () => new AppError('NOT_FOUND', 'No such user', { text: coded('error.userNotFound') });

export async function userDetail(deps: Pick<AppDeps, 'db' | 'config'>, userId: string): Promise<AdminUserDetail> {
  const row = await findUserRow(deps.db, userId);
  if (!row) throw userNotFound();
  const [activity, money, disputes] = await Promise.all([
    userActivity(deps.db, userId),
    topUpsAndRefundsOf(deps.db, userId),
    disputesOfUser(deps.db, userId),
  ]);
  return {
    ...userRowOf(row, deps.config.adminEmails),
    ...activity,
    spendableCents: spendableCents(row),
    topUps: money.topUps.map((topUp) => ({
      id: topUp.id,
      provider: topUp.provider,
      amountCents: topUp.amountCents,
      paidAt: iso(topUp.paidAt),
      refundedCents: topUp.refundedCents,
      pendingRefundCents: topUp.pendingRefundCents,
      refundableCents: topUp.refundableCents,
    })),
    cardRefunds: money.refunds.map((refund) => ({
      id: refund.id,
      checkoutSessionId: refund.checkoutSessionId,
      amountCents: refund.amountCents,
      status: refund.status as AdminUserDetail['cardRefunds'][number]['status'],
      failure: refund.failure,
      createdAt: refund.createdAt.toISOString(),
      settledAt: iso(refund.settledAt),
    })),
    disputes: disputes.map((dispute) => ({
      id: dispute.id,
      chargeId: dispute.chargeId,
      amountCents: dispute.amountCents,
      reason: dispute.reason,
      status: dispute.status,
      frozenCents: dispute.frozenCents,
      openedAt: dispute.openedAt.toISOString(),
      closedAt: iso(dispute.closedAt),
    })),
  };
}

export async function userLedger(deps: Pick<AppDeps, 'db'>, userId: string, page: number): Promise<AdminLedgerPage> {
  if (!(await findUserRow(deps.db, userId))) throw userNotFound();
  const { rows, total } = await ledgerPage(deps.db, userId, ADMIN_LEDGER_PAGE_SIZE, (page - 1) * ADMIN_LEDGER_PAGE_SIZE);
  return {
    entries: rows.map((entry) => ({
      id: entry.id,
      kind: entry.kind,
      amountCents: entry.amountCents,
      freeGenerationsDelta: entry.freeGenerationsDelta,
      description: entry.description,
      reference: entry.reference,
      balanceAfterCents: entry.balanceAfterCents,
      createdAt: entry.createdAt.toISOString(),
    })),
    total,
    page,
    pageSize: ADMIN_LEDGER_PAGE_SIZE,
  };
}

export async function jobs(deps: Pick<AppDeps, 'db' | 'jobs'>, page: number): Promise<JobsOverview> {
  const [queues, failed] = await Promise.all([
    deps.jobs.status(),
    failedGenerations(deps.db, ADMIN_FAILED_JOBS_PAGE_SIZE, (page - 1) * ADMIN_FAILED_JOBS_PAGE_SIZE),
  ]);
  return {
    queues,
    failed: {
      jobs: failed.rows.map((job) => ({ ...job, createdAt: job.createdAt.toISOString(), failedAt: iso(job.failedAt) })),
      total: failed.total,
      page,
      pageSize: ADMIN_FAILED_JOBS_PAGE_SIZE,
    },
  };
}

export async function engines(deps: Pick<AppDeps, 'db' | 'config' | 'generation'>): Promise<EngineStatus[]> {
  const hours = await lastHourByEngine(deps.db);
  return configuredEngines(deps).map((engine) => {
    const hour = hours.find((row) => row.engine === engine.name);
    const completed = hour?.completed ?? 0;
    const failed = hour?.failed ?? 0;
    return {
      ...engine,
      lastHour: {
        completed,
        failed,
        successRate: completed + failed > 0 ? completed / (completed + failed) : null,
        medianSeconds: hour?.medianSeconds ?? null,
        p95Seconds: hour?.p95Seconds ?? null,
      },
    };
  });
}

interface ActionSubject {
  requestId: string;
  reason: string;
  action: AuditAction;
  targetUserId: string | null;
  targetReference: string | null;
}

interface ActionOutcome {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  /** When only the work finds out whose it was (a job). */
  targetUserId?: string;
}

/** The answer to a submit whose request id has an entry already: the same action repeated, or a misuse of the id. */
function repeatOf(entry: AuditRow, subject: ActionSubject): AdminActionResult {
  const sameTarget = subject.targetUserId === null || entry.targetUserId === subject.targetUserId;
  if (entry.action !== subject.action || !sameTarget || entry.targetReference !== subject.targetReference) {
    throw refusal('REQUEST_ID_REUSED', 'This request id belongs to another action');
  }
  return { auditId: entry.id, repeated: true };
}

/**
 * Runs one operator action: the work and its audit entry in one transaction. A request id seen
 * before answers as a repeat without doing anything; two submits racing each other are settled by
 * the unique indexes (the ledger's (kind, reference), the audit log's request id): the second
 * fails, finds the first's entry, and answers as a repeat.
 */
async function act(
  deps: Pick<AppDeps, 'db'>,
  operator: SignedInUser,
  subject: ActionSubject,
  work: (tx: DbOrTx) => Promise<ActionOutcome>,
): Promise<AdminActionResult> {
  const earlier = await findAuditEntryByRequest(deps.db, subject.requestId);
  if (earlier) return repeatOf(earlier, subject);
  try {
    return await deps.db.transaction(async (tx) => {
      const outcome = await work(tx);
      const entry = await insertAuditEntry(tx, {
        requestId: subject.requestId,
        operatorId: operator.id,
        operatorEmail: operator.email,
        action: subject.action,
        targetUserId: outcome.targetUserId ?? subject.targetUserId,
        targetReference: subject.targetReference,
        reason: subject.reason,
        before: outcome.before,
        after: outcome.after,
      });
      return { auditId: entry.id, repeated: false };
    });
  } catch (error) {
    // The same request won elsewhere meanwhile (its work then refuses, or its unique key collides).
    const raced = await findAuditEntryByRequest(deps.db, subject.requestId);
    if (raced) return repeatOf(raced, subject);
    if (isUniqueViolation(error)) throw refusal('REQUEST_ID_REUSED', 'This request id belongs to another action');
    throw error;
  }
}

/** An operator never changes their own balance (or their own account's access). */
function notOwnAccount(operator: SignedInUser, userId: string): void {
  if (operator.id === userId) throw refusal('OWN_ACCOUNT', 'Operators cannot act on their own account');
}

async function lockUser(tx: DbOrTx, userId: string) {
  const access = await lockAccountAccess(tx, userId);
  if (!access) throw userNotFound();
  return access;
}

export async function adjustCredit(
  deps: AdminDeps,
  operator: SignedInUser,
  userId: string,
  input: CreditAdjustment,
): Promise<AdminActionResult> {
  notOwnAccount(operator, userId);
  const action = input.direction === 'grant' ? 'credit_granted' : 'credit_taken';
  return act(deps, operator, { ...input, action, targetUserId: userId, targetReference: null }, async (tx) => {
    await lockUser(tx, userId);
    const change = { userId, cents: input.amountCents, requestId: input.requestId };
    const { before, after } = input.direction === 'grant' ? await grantCredit(tx, change) : await takeBackCredit(tx, change);
    return {
      before: { ...before },
      after: { ...after, amountCents: input.direction === 'grant' ? input.amountCents : -input.amountCents },
    };
  });
}

export async function giveFreeImages(
  deps: AdminDeps,
  operator: SignedInUser,
  userId: string,
  input: FreeImagesGrant,
): Promise<AdminActionResult> {
  notOwnAccount(operator, userId);
  return act(deps, operator, { ...input, action: 'free_images_granted', targetUserId: userId, targetReference: null }, async (tx) => {
    await lockUser(tx, userId);
    const { before, after } = await grantFreeImages(tx, { userId, count: input.count, requestId: input.requestId });
    return { before: { ...before }, after: { ...after, freeImagesGranted: input.count } };
  });
}

/**
 * A card refund of one top-up, through Stripe. Recording it (the frozen amount, the audit entry)
 * commits first; then Stripe is asked. The ledger entry comes from Stripe's refund event. A
 * repeated submit of a refund whose Stripe call never answered asks again, with the same
 * idempotency key: one refund whatever happens.
 */
export async function refundTopUp(
  deps: AdminDeps,
  operator: SignedInUser,
  userId: string,
  input: CardRefundRequest,
): Promise<AdminActionResult> {
  notOwnAccount(operator, userId);
  if (!(await findUserRow(deps.db, userId))) throw userNotFound();
  await ensurePaymentKnown(deps, userId, input.checkoutSessionId);
  const result = await act(
    deps,
    operator,
    { ...input, action: 'card_refund_requested', targetUserId: userId, targetReference: input.checkoutSessionId },
    async (tx) => {
      await lockUser(tx, userId);
      const { before, after, refund } = await reserveCardRefund(tx, {
        userId,
        checkoutSessionId: input.checkoutSessionId,
        amountCents: input.amountCents,
        requestId: input.requestId,
        operatorId: operator.id,
      });
      return { before: { ...before }, after: { ...after, refundCents: refund.amountCents, refundId: refund.id } };
    },
  );
  await submitCardRefund(deps, input.requestId);
  return result;
}

export async function setAccountDisabled(
  deps: AdminDeps,
  operator: SignedInUser,
  userId: string,
  input: { requestId: string; reason: string },
  disabled: boolean,
): Promise<AdminActionResult> {
  notOwnAccount(operator, userId);
  return act(
    deps,
    operator,
    { ...input, action: disabled ? 'account_disabled' : 'account_enabled', targetUserId: userId, targetReference: null },
    async (tx) => {
      const access = await lockUser(tx, userId);
      if ((access.disabledAt !== null) === disabled)
        throw refusal('ALREADY_IN_STATE', disabled ? 'This account is disabled already' : 'This account is not disabled');
      if (!disabled) {
        await enableAccount(tx, userId);
        return { before: { disabled: true }, after: { disabled: false } };
      }
      const sessionsEnded = await disableAccount(tx, userId);
      return { before: { disabled: false, sessions: sessionsEnded }, after: { disabled: true, sessions: 0 } };
    },
  );
}

export async function resendConfirmation(
  deps: AdminDeps,
  operator: SignedInUser,
  userId: string,
  input: { requestId: string; reason: string },
): Promise<AdminActionResult> {
  return act(deps, operator, { ...input, action: 'confirmation_resent', targetUserId: userId, targetReference: null }, async (tx) => {
    const access = await lockUser(tx, userId);
    if (access.emailVerified) throw refusal('ALREADY_CONFIRMED', 'This address is confirmed already');
    await resendConfirmationMail(deps, access.email);
    return { before: { emailVerified: false }, after: { emailVerified: false, mailedTo: access.email } };
  });
}

export async function retryGeneration(
  deps: AdminDeps,
  operator: SignedInUser,
  jobId: string,
  input: { requestId: string; reason: string },
): Promise<AdminActionResult> {
  return act(deps, operator, { ...input, action: 'job_retried', targetUserId: null, targetReference: jobId }, async (tx) => {
    const { userId } = await retryFailedGeneration(tx, deps, jobId);
    return { before: { status: 'failed' }, after: { status: 'queued', charged: false }, targetUserId: userId };
  });
}

export async function refundFailedJob(
  deps: AdminDeps,
  operator: SignedInUser,
  jobId: string,
  input: { requestId: string; reason: string },
): Promise<AdminActionResult> {
  const owner = await ownerOfGeneration(deps.db, jobId);
  if (!owner) throw new AppError('NOT_FOUND', 'No such generation', { text: coded('error.generationNotFound') });
  notOwnAccount(operator, owner);
  return act(deps, operator, { ...input, action: 'job_refunded', targetUserId: owner, targetReference: jobId }, async (tx) => {
    const before = await lockBalance(tx, owner);
    const { refund } = await refundFailedGeneration(tx, jobId);
    const after = await lockBalance(tx, owner);
    return { before: { ...before }, after: { ...after, refundedCents: refund.cents, refundedFreeImages: refund.freeImages } };
  });
}

export async function setQueuePaused(
  deps: AdminDeps,
  operator: SignedInUser,
  name: JobName,
  input: { requestId: string; reason: string },
  paused: boolean,
): Promise<AdminActionResult> {
  return act(
    deps,
    operator,
    { ...input, action: paused ? 'queue_paused' : 'queue_resumed', targetUserId: null, targetReference: name },
    async (tx) => {
      const changed = paused ? await deps.jobs.pause(tx, name) : await deps.jobs.resume(tx, name);
      if (!changed) throw refusal('ALREADY_IN_STATE', paused ? 'This queue is paused already' : 'This queue is not paused');
      return { before: { paused: !paused }, after: { paused } };
    },
  );
}
