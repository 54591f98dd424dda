import type { SecureHeadersVariables } from 'hono/secure-headers';
import type { AppConfig } from './lib/env';
import type { Logger } from './lib/logger';
import type { Db } from './db/client';
import type { Auth, SessionUser } from './features/auth/auth';
import type { SessionLookup } from './features/auth/session-lookup';
import type { Mailer } from './mail/mailer';
import type { JobQueue } from './jobs/job-queue';
import type { RealtimeHub } from './realtime/events';
import type { Storage } from './storage/storage';
import type { Payments } from './features/billing/payments';
import type { GenerationParts } from './features/generation/engines/create-engine';
import type { ServiceFailure } from './lib/service-error';
import type { Metrics } from './features/metrics/metrics.service';
import type { ErrorReporter } from './lib/error-reporting';

/** What every part of the server is built from; created once, by the composition root (`runtime.ts`). */
export interface AppDeps {
  config: AppConfig;
  db: Db;
  logger: Logger;
  auth: Auth;
  /** The signed-in user of a request: the session cookie checked and read in one prepared statement (decision 019). */
  sessionLookup: SessionLookup;
  mailer: Mailer;
  storage: Storage;
  jobs: JobQueue;
  realtime: RealtimeHub;
  /** The image engine chosen by IMAGE_ENGINE and the planners that go with it. */
  generation: GenerationParts;
  /** Stripe, or test-mode payments without Stripe keys. */
  payments: Payments;
  /** This process's Prometheus metrics (GET /metrics). */
  metrics: Metrics;
  /** Sentry when SENTRY_DSN is set; otherwise reports go nowhere. */
  errorReporter: ErrorReporter;
}

/** The signed-in user as routes see it (`c.get('user')`). */
export type SignedInUser = SessionUser;

/** Hono context variables set by middleware. */
export interface AppEnv {
  Variables: SecureHeadersVariables & {
    requestId: string;
    logger: Logger;
    /** Set by `requireUser` (lib/require-user.ts); every feature route that touches user data runs behind it. */
    user: SignedInUser;
    /** Set by `requireUser` with the user: the sign-in session (better-auth's row) the request came with. */
    authSession: { id: string; expiresAt: Date };
    /** Set by `serviceError` (lib/service-error.ts): what an unexpected failure of the route answers. */
    serviceFailure: ServiceFailure | undefined;
  };
}
