import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { routePath } from 'hono/route';
import { CSP_NONCE_PLACEHOLDER } from '@shared/csp-nonce';
import { AppError } from '@shared/errors';
import { isKnownPagePath } from '@shared/paths';
import type { AppDeps, AppEnv } from './context';
import { errorResponse, handleError, noSuchApiRoute } from './lib/http-errors';
import { isReportable } from './lib/error-reporting';
import type { InFlightRequests } from './lib/in-flight-requests';
import { sameOriginOnly } from './lib/origin-check';
import { securityHeaders } from './lib/security-headers';
import { accountRoutes } from './features/account/account.routes';
import { adminRoutes } from './features/admin/admin.routes';
import { clientErrorRoutes } from './features/client-errors/client-errors.routes';
import { authRoutes } from './features/auth/auth.routes';
import { configRoutes } from './features/config/config.routes';
import { devMailboxRoutes } from './features/mail/dev-mailbox.routes';
import { meRoutes } from './features/me/me.routes';
import { billingRoutes } from './features/billing/billing.routes';
import { spendingRoutes } from './features/billing/spending.routes';
import { autoTopUpRoutes } from './features/billing/auto-top-up.routes';
import { generationRoutes } from './features/generation/generation.routes';
import { replyProgressRoutes } from './features/generation/reply-progress.routes';
import { engineFor, startReplyToNewMessage } from './features/generation/generation.service';
import { healthRoutes } from './features/health/health.routes';
import { metricsRoutes } from './features/metrics/metrics.routes';
import { messagesRoutes } from './features/sessions/messages.routes';
import { sessionsRoutes } from './features/sessions/sessions.routes';
import { statsRoutes } from './features/stats/stats.routes';
import { filesRoutes } from './features/uploads/files.routes';
import { UPLOADS_PATH, uploadsRoutes } from './features/uploads/uploads.routes';
import { userFilesRoutes } from './features/uploads/user-files.routes';
import { MASKS_PATH, masksRoutes } from './features/masks/masks.routes';

const BODYLESS_METHODS = new Set(['GET', 'HEAD']);

/** JSON bodies are small; a larger body is refused with 413 before anything parses it. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The API, as one chained router so its type carries every route: the web client is typed from
 * `ApiRoutes`, so a renamed field breaks the build instead of production.
 */
function buildApiRoutes(deps: AppDeps, options: Pick<CreateAppOptions, 'shutdownSignal' | 'isDraining'> = {}) {
  return new OpenAPIHono<AppEnv>()
    .route('/health', healthRoutes(deps, { isDraining: options.isDraining }))
    .route('/config', configRoutes(deps))
    .route('/stats', statsRoutes(deps))
    .route('/client-errors', clientErrorRoutes(deps))
    .route('/me', meRoutes(deps))
    .route('/account', accountRoutes(deps))
    .route('/stripe', billingRoutes(deps))
    .route('/spending', spendingRoutes(deps))
    .route('/auto-top-up', autoTopUpRoutes(deps))
    .route('/sessions', sessionsRoutes(deps, { shutdownSignal: options.shutdownSignal }))
    .route(
      '/messages',
      messagesRoutes(deps, {
        startReply: (tx, message) => startReplyToNewMessage(tx, { ...deps, ...deps.generation }, message),
        assertEngineOffered: (engine) => void engineFor(deps.generation, engine, null),
      }),
    )
    .route('/uploads', uploadsRoutes(deps))
    .route('/user-files', userFilesRoutes(deps))
    .route('/masks', masksRoutes(deps))
    .route('/files', filesRoutes(deps))
    .route('/chat', generationRoutes(deps))
    .route('/replies', replyProgressRoutes(deps))
    .route('/dev/mailbox', devMailboxRoutes(deps))
    .route('/admin', adminRoutes(deps));
}

export type ApiRoutes = ReturnType<typeof buildApiRoutes>;

export interface CreateAppOptions {
  /** Where the built web client lives; unset serves the API only (tests, `npm run dev`). */
  webDistDir?: string | undefined;
  /** True once shutdown began: answers then close their connections instead of keeping them alive. */
  isShuttingDown?: () => boolean;
  /** Aborted when shutdown begins: long-lived answers (event streams) end so the server can stop. */
  shutdownSignal?: AbortSignal | undefined;
  /** True from SIGTERM on, before shutdown begins: the readiness probe answers 503. */
  isDraining?: (() => boolean) | undefined;
  /** Counts running handlers, so that shutdown closes the database only after them. */
  inFlight?: InFlightRequests | undefined;
}

export function createApp(deps: AppDeps, options: CreateAppOptions = {}) {
  const app = new OpenAPIHono<AppEnv>();

  if (options.inFlight) {
    const inFlight = options.inFlight;
    app.use('*', async (_c, next) => {
      const finished = inFlight.begin();
      try {
        await next();
      } finally {
        finished();
      }
    });
  }
  // First, so that every answer carries them: pages, API, files, errors and 404s alike.
  app.use('*', securityHeaders(deps.config));
  app.use('*', requestId({ headerName: 'X-Request-Id' }));
  app.use('*', async (c, next) => {
    const started = performance.now();
    const logger = deps.logger.child({ requestId: c.get('requestId') });
    c.set('logger', logger);
    await next();
    if (options.isShuttingDown?.()) c.header('Connection', 'close');
    const ms = performance.now() - started;
    logger.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(ms) }, 'request');
    // By the route's pattern (/api/sessions/:id), never the path itself: one series per route.
    deps.metrics.observeHttpRequest(c.req.method, routePath(c), c.res.status, ms / 1000);
  });
  const jsonBodyLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT_BYTES,
    onError: (c) => {
      // The rest of the body is never read, so this connection cannot carry another request.
      c.header('Connection', 'close');
      return errorResponse(c, new AppError('BAD_REQUEST', 'Request body is too large', { status: 413 }));
    },
  });
  // Photo uploads and masks have larger limits of their own (uploads.routes.ts, masks.routes.ts), also checked before parsing.
  // GET and HEAD carry no body; looking for one would build a whole fetch Request per read.
  app.use('/api/*', (c, next) =>
    c.req.path === UPLOADS_PATH || c.req.path === MASKS_PATH || BODYLESS_METHODS.has(c.req.method) ? next() : jsonBodyLimit(c, next),
  );

  app.use('/api/*', sameOriginOnly(deps.config.appUrl));
  app.route('/api/auth', authRoutes(deps));
  const api = buildApiRoutes(deps, { shutdownSignal: options.shutdownSignal, isDraining: options.isDraining });
  app.route('/api', api);

  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: { title: `${deps.config.appName} API`, version: '1.0.0' },
  });

  app.route('/metrics', metricsRoutes(deps, { behindProxy: deps.config.trustProxy }));

  app.all('/api/*', (c) => errorResponse(c, noSuchApiRoute(c)));

  if (options.webDistDir) mountWebClient(app, options.webDistDir, deps);

  app.notFound((c) => errorResponse(c, new AppError('NOT_FOUND', 'Not found')));
  app.onError((error, c) => {
    const response = handleError(error, c);
    if (isReportable(response.status, c.req.raw.signal.aborted)) {
      deps.errorReporter.report(error, {
        method: c.req.method,
        route: routePath(c),
        status: response.status,
        requestId: c.get('requestId'),
      });
    }
    return response;
  });
  return app;
}

/**
 * Serves the built single-page client. Hashed assets are cached for a year and sent compressed
 * when the browser accepts it; every page path gets index.html, with status 404 for paths that
 * are not screens of the product (the client then renders its 404 page).
 */
function mountWebClient(app: OpenAPIHono<AppEnv>, webDistDir: string, deps: AppDeps) {
  const root = path.relative(process.cwd(), webDistDir) || '.';
  const indexFile = path.join(webDistDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`The web client is not built: ${indexFile} is missing (run npm run build)`);
  let indexHtml: Promise<string> | undefined;
  const includeDevPages = !deps.config.isProduction;

  app.use(
    '/assets/*',
    serveStatic({
      root,
      // The build writes .br and .gz copies of scripts and styles (vite.config.ts).
      precompressed: true,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  );
  // Files at the top of the build (favicon.svg, robots.txt); page paths have no extension.
  // The build's own bookkeeping (/.vite/manifest.json) is not for visitors.
  app.use('*', async (c, next) =>
    path.extname(c.req.path) && !c.req.path.startsWith('/.vite/') ? serveStatic({ root, precompressed: true })(c, next) : next(),
  );
  app.get('*', async (c) => {
    indexHtml ??= readFile(indexFile, 'utf8');
    const known = isKnownPagePath(c.req.path, { includeDevPages });
    c.header('Cache-Control', 'no-cache');
    // The nonce of this answer's Content-Security-Policy (security-headers.ts), fresh every time.
    const page = (await indexHtml).replaceAll(CSP_NONCE_PLACEHOLDER, c.get('secureHeadersNonce') ?? '');
    return c.html(page, known ? 200 : 404);
  });
}
