import { z } from 'zod';

/**
 * The operator console's contract (/api/admin, features/admin on both sides): every request and
 * answer shape once. Amounts are integer cents; times are ISO strings; days are UTC dates.
 */

/** A disabled account's answer: sign-ins and API calls are refused with 403 and this text. */
export const ACCOUNT_DISABLED_CODE = 'ACCOUNT_DISABLED';
export const ACCOUNT_DISABLED_MESSAGE = 'This account has been disabled. Contact support if you think this is a mistake.';

export const ADMIN_USERS_PAGE_SIZE = 25;
export const ADMIN_LEDGER_PAGE_SIZE = 50;
export const ADMIN_AUDIT_PAGE_SIZE = 50;
export const ADMIN_FAILED_JOBS_PAGE_SIZE = 25;
/** A page number beyond this is refused (the lists are searched, not scrolled to the end). */
export const ADMIN_MAX_PAGE = 10_000;
export const ADMIN_SEARCH_MAX_LENGTH = 200;
export const ADMIN_REASON_MIN_LENGTH = 3;
export const ADMIN_REASON_MAX_LENGTH = 500;
/** The most one correction may grant or take back: larger sums are a card refund or a bug. */
export const ADMIN_CREDIT_MAX_CENTS = 100_000;
export const ADMIN_FREE_IMAGES_MAX = 100;
/** A custom period covers at most this many days (one day per bar of the charts). */
export const ADMIN_CUSTOM_PERIOD_MAX_DAYS = 366;

/** Why an action was refused, beside its message: the console words it in the operator's language. */
export const ADMIN_REFUSALS = [
  'OWN_ACCOUNT',
  'NOT_ENOUGH_CREDIT',
  'REFUND_TOO_LARGE',
  'NOT_REFUNDABLE',
  'STRIPE_REFUSED',
  'JOB_NOT_FAILED',
  'NOTHING_TO_REFUND',
  'ALREADY_CONFIRMED',
  'ALREADY_IN_STATE',
  'REQUEST_ID_REUSED',
] as const;
export type AdminRefusal = (typeof ADMIN_REFUSALS)[number];

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-26');
const page = z.coerce.number().int().min(1).max(ADMIN_MAX_PAGE).default(1);
const search = z.string().trim().max(ADMIN_SEARCH_MAX_LENGTH).optional();

export const PERIOD_PRESETS = ['today', '7d', '30d', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

/** GET /api/admin/overview: a preset ending today (UTC), or a custom range of whole days. */
export const overviewQuerySchema = z
  .object({ period: z.enum(PERIOD_PRESETS).default('7d'), from: isoDate.optional(), to: isoDate.optional() })
  .superRefine((query, ctx) => {
    if (query.period !== 'custom') return;
    if (!query.from || !query.to) {
      ctx.addIssue({ code: 'custom', path: [query.from ? 'to' : 'from'], message: 'A custom period needs a first and a last day' });
      return;
    }
    const days = (Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / 86_400_000 + 1;
    if (!Number.isFinite(days)) ctx.addIssue({ code: 'custom', path: ['from'], message: 'Not a date' });
    else if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day comes before the first' });
    else if (days > ADMIN_CUSTOM_PERIOD_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `At most ${ADMIN_CUSTOM_PERIOD_MAX_DAYS} days` });
  });
export type OverviewQuery = z.infer<typeof overviewQuerySchema>;

const countAndCents = z.object({ count: z.number().int(), cents: z.number().int() });

export const generationOutcomesSchema = z.object({
  engine: z.string(),
  completed: z.number().int(),
  /** Failed and refunded (the usual end of a failure). */
  refunded: z.number().int(),
  /** Failed without a refund: the console's Jobs page can refund them. */
  failed: z.number().int(),
  /** Stopped by their users (each refunded). */
  stopped: z.number().int(),
  inProgress: z.number().int(),
});

export const generationTimingSchema = z.object({
  engine: z.string(),
  /** Completed generations measured (from their start to their images stored). */
  count: z.number().int(),
  medianSeconds: z.number().nullable(),
  p95Seconds: z.number().nullable(),
});

export const overviewDaySchema = z.object({
  day: isoDate,
  topUpCents: z.number().int(),
  chargeCents: z.number().int(),
  signUps: z.number().int(),
  generations: z.number().int(),
});

export const overviewSchema = z.object({
  period: z.object({ from: z.string(), to: z.string(), firstDay: isoDate, lastDay: isoDate }),
  topUps: countAndCents,
  /** Generations paid from balances (usage). */
  charges: countAndCents,
  /** Failed generations given back to balances. */
  refunds: countAndCents,
  /** Card payments given back through Stripe (their full amount, whatever the balance still held). */
  cardRefunds: countAndCents,
  freeImagesUsed: z.number().int(),
  /** Top-ups less card refunds and lost disputes: the money the service kept. */
  netRevenueCents: z.number().int(),
  signUps: z.number().int(),
  /** Accounts that asked for at least one generation. */
  activeUsers: z.number().int(),
  disputes: z.object({
    opened: countAndCents,
    lost: countAndCents,
    /** Open now, whenever opened, and what they freeze. */
    openNow: countAndCents,
  }),
  generations: z.array(generationOutcomesSchema),
  timings: z.array(generationTimingSchema),
  daily: z.array(overviewDaySchema),
});
export type Overview = z.infer<typeof overviewSchema>;

export const USER_SORTS = ['created', 'lastSeen', 'email', 'balance'] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** GET /api/admin/users: searched, sorted and paged by the server. */
export const userListQuerySchema = z.object({
  q: search,
  sort: z.enum(USER_SORTS).default('created'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page,
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const adminUserRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  availableCents: z.number().int(),
  frozenCents: z.number().int(),
  freeGenerationsLeft: z.number().int(),
  disabled: z.boolean(),
  operator: z.boolean(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const userListSchema = z.object({
  users: z.array(adminUserRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type UserList = z.infer<typeof userListSchema>;

export const adminTopUpSchema = z.object({
  /** The checkout session. */
  id: z.string(),
  provider: z.string(),
  amountCents: z.number().int(),
  paidAt: z.string().nullable(),
  refundedCents: z.number().int(),
  /** Asked of Stripe and not yet reported back. */
  pendingRefundCents: z.number().int(),
  /** What a refund may give back now: the unrefunded part, at most what the balance can still spend. */
  refundableCents: z.number().int(),
});
export type AdminTopUp = z.infer<typeof adminTopUpSchema>;

export const adminDisputeSchema = z.object({
  id: z.string(),
  chargeId: z.string(),
  amountCents: z.number().int(),
  reason: z.string(),
  status: z.string(),
  frozenCents: z.number().int(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type AdminDispute = z.infer<typeof adminDisputeSchema>;

export const adminCardRefundSchema = z.object({
  id: z.string(),
  checkoutSessionId: z.string().nullable(),
  amountCents: z.number().int(),
  status: z.enum(['requested', 'submitted', 'succeeded', 'failed']),
  failure: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type AdminCardRefund = z.infer<typeof adminCardRefundSchema>;

export const adminUserDetailSchema = adminUserRowSchema.extend({
  /** 'email' (a password), 'google', 'github', 'apple'. */
  signInMethods: z.array(z.string()),
  signedInSessions: z.number().int(),
  chatSessions: z.number().int(),
  uploadedImages: z.number().int(),
  generatedImages: z.number().int(),
  /** What the user can spend now: the balance less what disputes and pending refunds freeze. */
  spendableCents: z.number().int(),
  topUps: z.array(adminTopUpSchema),
  cardRefunds: z.array(adminCardRefundSchema),
  disputes: z.array(adminDisputeSchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const ledgerQuerySchema = z.object({ page });

export const adminLedgerEntrySchema = z.object({
  id: z.string(),
  kind: z.string(),
  amountCents: z.number().int(),
  freeGenerationsDelta: z.number().int(),
  description: z.string(),
  reference: z.string(),
  /** The running balance: the account's balance right after this entry. */
  balanceAfterCents: z.number().int(),
  createdAt: z.string(),
});
export type AdminLedgerEntry = z.infer<typeof adminLedgerEntrySchema>;

export const adminLedgerPageSchema = z.object({
  entries: z.array(adminLedgerEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminLedgerPage = z.infer<typeof adminLedgerPageSchema>;

/**
 * Every action names itself with a `requestId` the console makes when its form opens: a repeated
 * submit (a double click, a retry after a lost answer) finds the first one's record and changes
 * nothing. Every action states its reason, which is stored with it.
 */
export const adminActionSchema = z.object({
  requestId: z.uuid(),
  reason: z
    .string()
    .trim()
    .min(ADMIN_REASON_MIN_LENGTH, `Give a reason of at least ${ADMIN_REASON_MIN_LENGTH} characters`)
    .max(ADMIN_REASON_MAX_LENGTH),
});
export type AdminAction = z.infer<typeof adminActionSchema>;

export const creditAdjustmentSchema = adminActionSchema.extend({
  direction: z.enum(['grant', 'take']),
  amountCents: z.number().int().min(1).max(ADMIN_CREDIT_MAX_CENTS),
});
export type CreditAdjustment = z.infer<typeof creditAdjustmentSchema>;

export const freeImagesGrantSchema = adminActionSchema.extend({ count: z.number().int().min(1).max(ADMIN_FREE_IMAGES_MAX) });
export type FreeImagesGrant = z.infer<typeof freeImagesGrantSchema>;

export const cardRefundRequestSchema = adminActionSchema.extend({
  checkoutSessionId: z.string().min(1).max(300),
  amountCents: z.number().int().min(1).max(10_000_000),
});
export type CardRefundRequest = z.infer<typeof cardRefundRequestSchema>;

/** An action's answer: its audit entry, and whether it was a repeat of one already done. */
export const adminActionResultSchema = z.object({ auditId: z.string(), repeated: z.boolean() });
export type AdminActionResult = z.infer<typeof adminActionResultSchema>;

export const queueStatusSchema = z.object({
  name: z.string(),
  waiting: z.number().int(),
  running: z.number().int(),
  /** Jobs that failed for good in the last 24 hours. */
  failedLastDay: z.number().int(),
  oldestWaitingSeconds: z.number(),
  paused: z.boolean(),
});
export type QueueStatus = z.infer<typeof queueStatusSchema>;

export const failedGenerationSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  engine: z.string(),
  error: z.string().nullable(),
  createdAt: z.string(),
  failedAt: z.string().nullable(),
  imageCount: z.number().int(),
  priceCents: z.number().int(),
  freeImagesUsed: z.number().int(),
  /** A refund entry exists for it. */
  refunded: z.boolean(),
});
export type FailedGeneration = z.infer<typeof failedGenerationSchema>;

export const jobsQuerySchema = z.object({ page });

export const jobsOverviewSchema = z.object({
  queues: z.array(queueStatusSchema),
  failed: z.object({ jobs: z.array(failedGenerationSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
});
export type JobsOverview = z.infer<typeof jobsOverviewSchema>;

export const engineStatusSchema = z.object({
  name: z.string(),
  isDefault: z.boolean(),
  pricePerImageCents: z.number().int(),
  /** The hosted models it uses and what the check at start found; empty for the local engine. */
  models: z.array(
    z.object({
      variable: z.string(),
      model: z.string(),
      status: z.enum(['ok', 'not-found', 'unchecked', 'unreachable', 'unauthorized', 'missing-node']),
      detail: z.string().nullable(),
    }),
  ),
  lastHour: z.object({
    completed: z.number().int(),
    failed: z.number().int(),
    /** completed / (completed + failed); null without either. */
    successRate: z.number().nullable(),
    medianSeconds: z.number().nullable(),
    p95Seconds: z.number().nullable(),
  }),
});
export type EngineStatus = z.infer<typeof engineStatusSchema>;

export const AUDIT_ACTIONS = [
  'credit_granted',
  'credit_taken',
  'free_images_granted',
  'card_refund_requested',
  'account_disabled',
  'account_enabled',
  'confirmation_resent',
  'job_retried',
  'job_refunded',
  'queue_paused',
  'queue_resumed',
  'operator_granted',
  'operator_revoked',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditQuerySchema = z.object({ q: search, action: z.enum(AUDIT_ACTIONS).optional(), page });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  operatorEmail: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  targetUserId: z.string().nullable(),
  /** The account's address today; null once the account is deleted. */
  targetEmail: z.string().nullable(),
  targetReference: z.string().nullable(),
  reason: z.string(),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
