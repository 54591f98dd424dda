import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  adminActionResultSchema,
  adminActionSchema,
  adminLedgerPageSchema,
  adminUserDetailSchema,
  auditPageSchema,
  auditQuerySchema,
  cardRefundRequestSchema,
  creditAdjustmentSchema,
  engineStatusSchema,
  freeImagesGrantSchema,
  jobsOverviewSchema,
  jobsQuerySchema,
  ledgerQuerySchema,
  overviewQuerySchema,
  overviewSchema,
  userListQuerySchema,
  userListSchema,
} from '@shared/admin';
import type { AppDeps, AppEnv } from '../../context';
import { rateLimitStore } from '../../db/rate-limits';
import { JOB_POLICIES, type JobName } from '../../jobs/job-types';
import { errorResponse, noSuchApiRoute } from '../../lib/http-errors';
import { createRouter, jsonContent } from '../../lib/openapi';
import { signedInUserOf } from '../../lib/require-user';
import { userRateLimit } from '../../lib/user-rate-limit';
import {
  adjustCredit,
  engines,
  giveFreeImages,
  jobs,
  overview,
  refundFailedJob,
  refundTopUp,
  resendConfirmation,
  retryGeneration,
  setAccountDisabled,
  setQueuePaused,
  userDetail,
  userLedger,
  users,
} from './admin.service';
import { auditPage } from './audit-log.service';
import { isOperator } from './operators.service';

/**
 * The operator console's API under /api/admin. To anyone who is not an operator — a visitor, a
 * signed-in user, a disabled operator — every route answers exactly as a path that does not
 * exist (404), before reading anything of the request: the console does not show that it is
 * there. Operators are rate-limited; state changes pass the same Origin check as the whole API.
 */

/** Every route of the console stays behind this: the 404 of an unknown API path unless an operator asks. */
export function operatorsOnly(deps: Pick<AppDeps, 'sessionLookup' | 'config'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = await signedInUserOf(deps, c);
    if (!user || !isOperator(user, deps.config.adminEmails)) return errorResponse(c, noSuchApiRoute(c));
    c.set('user', user);
    await next();
  };
}

const named = <T extends z.ZodType>(schema: T, id: string) => schema.meta({ id });
const userParam = z.object({ id: z.string().min(1).max(100) });
const jobParam = z.object({ id: z.uuid() });
const queueParam = z.object({ name: z.enum(Object.keys(JOB_POLICIES) as [JobName, ...JobName[]]) });
const actionResult = named(adminActionResultSchema, 'AdminActionResult');
const body = <T extends z.ZodType>(schema: T) => ({ body: { required: true, content: { 'application/json': { schema } } } });
const action = named(adminActionSchema, 'AdminAction');

const getOverview = createRoute({
  method: 'get',
  path: '/overview',
  summary: 'Operators: money, sign-ups and generations of a period, with daily figures',
  request: { query: overviewQuerySchema },
  responses: { 200: jsonContent(named(overviewSchema, 'AdminOverview'), 'Overview') },
});
const getUsers = createRoute({
  method: 'get',
  path: '/users',
  summary: 'Operators: accounts searched by address or name, sorted and paged',
  request: { query: userListQuerySchema },
  responses: { 200: jsonContent(named(userListSchema, 'AdminUserList'), 'One page of accounts') },
});
const getUser = createRoute({
  method: 'get',
  path: '/users/{id}',
  summary: 'Operators: one account with its balance, sign-in methods, top-ups, refunds and disputes',
  request: { params: userParam },
  responses: { 200: jsonContent(named(adminUserDetailSchema, 'AdminUserDetail'), 'The account') },
});
const getUserLedger = createRoute({
  method: 'get',
  path: '/users/{id}/ledger',
  summary: "Operators: a page of an account's ledger with its running balance",
  request: { params: userParam, query: ledgerQuerySchema },
  responses: { 200: jsonContent(named(adminLedgerPageSchema, 'AdminLedgerPage'), 'One page of entries') },
});
const postCredit = createRoute({
  method: 'post',
  path: '/users/{id}/credit',
  summary: 'Operators: grant credit or take it back (an adjustment entry; never below what the balance can spend)',
  request: { params: userParam, ...body(creditAdjustmentSchema) },
  responses: { 200: jsonContent(actionResult, 'Done, or done before (repeated)') },
});
const postFreeImages = createRoute({
  method: 'post',
  path: '/users/{id}/free-images',
  summary: 'Operators: grant free images',
  request: { params: userParam, ...body(freeImagesGrantSchema) },
  responses: { 200: jsonContent(actionResult, 'Done, or done before (repeated)') },
});
const postCardRefund = createRoute({
  method: 'post',
  path: '/users/{id}/card-refunds',
  summary: "Operators: refund (part of) a card top-up through Stripe; the ledger entry follows Stripe's refund event",
  request: { params: userParam, ...body(cardRefundRequestSchema) },
  responses: { 200: jsonContent(actionResult, 'Asked of Stripe, or asked before (repeated)') },
});
const postDisable = createRoute({
  method: 'post',
  path: '/users/{id}/disable',
  summary: 'Operators: disable an account (its sessions end at once)',
  request: { params: userParam, ...body(action) },
  responses: { 200: jsonContent(actionResult, 'Done, or done before (repeated)') },
});
const postEnable = createRoute({
  method: 'post',
  path: '/users/{id}/enable',
  summary: 'Operators: enable a disabled account again',
  request: { params: userParam, ...body(action) },
  responses: { 200: jsonContent(actionResult, 'Done, or done before (repeated)') },
});
const postResendConfirmation = createRoute({
  method: 'post',
  path: '/users/{id}/resend-confirmation',
  summary: 'Operators: mail the confirmation link again',
  request: { params: userParam, ...body(action) },
  responses: { 200: jsonContent(actionResult, 'Mailed, or mailed before (repeated)') },
});
const getJobs = createRoute({
  method: 'get',
  path: '/jobs',
  summary: 'Operators: every queue (waiting, running, failed, oldest waiting, paused) and the failed generations',
  request: { query: jobsQuerySchema },
  responses: { 200: jsonContent(named(jobsOverviewSchema, 'AdminJobs'), 'Queues and failed generations') },
});
const postRetryJob = createRoute({
  method: 'post',
  path: '/jobs/{id}/retry',
  summary: 'Operators: run a failed generation again, at no new charge',
  request: { params: jobParam, ...body(action) },
  responses: { 200: jsonContent(actionResult, 'Queued, or queued before (repeated)') },
});
const postRefundJob = createRoute({
  method: 'post',
  path: '/jobs/{id}/refund',
  summary: 'Operators: refund a failed generation that was not refunded',
  request: { params: jobParam, ...body(action) },
  responses: { 200: jsonContent(actionResult, 'Refunded, or refunded before (repeated)') },
});
const postPauseQueue = createRoute({
  method: 'post',
  path: '/queues/{name}/pause',
  summary: 'Operators: stop workers taking jobs of a queue (running ones finish)',
  request: { params: queueParam, ...body(action) },
  responses: { 200: jsonContent(actionResult, 'Paused, or paused before (repeated)') },
});
const postResumeQueue = createRoute({
  method: 'post',
  path: '/queues/{name}/resume',
  summary: 'Operators: let workers take jobs of a paused queue again',
  request: { params: queueParam, ...body(action) },
  responses: { 200: jsonContent(actionResult, 'Resumed, or resumed before (repeated)') },
});
const getEngines = createRoute({
  method: 'get',
  path: '/engines',
  summary: "Operators: each configured image engine with its model check, price and the last hour's results",
  responses: { 200: jsonContent(z.array(named(engineStatusSchema, 'AdminEngine')), 'Engines') },
});
const getAudit = createRoute({
  method: 'get',
  path: '/audit',
  summary: 'Operators: the audit log of operator actions, newest first, searched',
  request: { query: auditQuerySchema },
  responses: { 200: jsonContent(named(auditPageSchema, 'AdminAuditPage'), 'One page of the log') },
});

export function adminRoutes(deps: AppDeps) {
  const router = createRouter();
  router.use('*', operatorsOnly(deps), userRateLimit(rateLimitStore(deps.db), 'admin', deps.config.adminRequestsPerMinute));
  const operator = (c: { get(key: 'user'): AppEnv['Variables']['user'] }) => c.get('user');
  return router
    .openapi(getOverview, async (c) => c.json(await overview(deps, c.req.valid('query')), 200))
    .openapi(getUsers, async (c) => c.json(await users(deps, c.req.valid('query')), 200))
    .openapi(getUser, async (c) => c.json(await userDetail(deps, c.req.valid('param').id), 200))
    .openapi(getUserLedger, async (c) => c.json(await userLedger(deps, c.req.valid('param').id, c.req.valid('query').page), 200))
    .openapi(postCredit, async (c) => c.json(await adjustCredit(deps, operator(c), c.req.valid('param').id, c.req.valid('json')), 200))
    .openapi(postFreeImages, async (c) =>
      c.json(await giveFreeImages(deps, operator(c), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(postCardRefund, async (c) => c.json(await refundTopUp(deps, operator(c), c.req.valid('param').id, c.req.valid('json')), 200))
    .openapi(postDisable, async (c) =>
      c.json(await setAccountDisabled(deps, operator(c), c.req.valid('param').id, c.req.valid('json'), true), 200),
    )
    .openapi(postEnable, async (c) =>
      c.json(await setAccountDisabled(deps, operator(c), c.req.valid('param').id, c.req.valid('json'), false), 200),
    )
    .openapi(postResendConfirmation, async (c) =>
      c.json(await resendConfirmation(deps, operator(c), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(getJobs, async (c) => c.json(await jobs(deps, c.req.valid('query').page), 200))
    .openapi(postRetryJob, async (c) => c.json(await retryGeneration(deps, operator(c), c.req.valid('param').id, c.req.valid('json')), 200))
    .openapi(postRefundJob, async (c) =>
      c.json(await refundFailedJob(deps, operator(c), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(postPauseQueue, async (c) =>
      c.json(await setQueuePaused(deps, operator(c), c.req.valid('param').name, c.req.valid('json'), true), 200),
    )
    .openapi(postResumeQueue, async (c) =>
      c.json(await setQueuePaused(deps, operator(c), c.req.valid('param').name, c.req.valid('json'), false), 200),
    )
    .openapi(getEngines, async (c) => c.json(await engines(deps), 200))
    .openapi(getAudit, async (c) => c.json(await auditPage(deps.db, c.req.valid('query')), 200));
}
