import path from 'node:path';
import { createDb, runMigrations, type Db } from './db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres';
import { createAuth, type AuthHooks } from './features/auth/auth';
import { createSessionLookup } from './features/auth/session-lookup';
import { openBalanceAccount } from './features/billing/billing.service';
import { applyDefaultSpendingLimit } from './features/billing/spending.service';
import { createPayments } from './features/billing/payments';
import { createMailer, queuedMailer } from './mail/mailer';
import { createJobHandlers } from './job-handlers';
import { JobQueue, type JobQueueOptions } from './jobs/job-queue';
import type { JobName, JobPolicy } from './jobs/job-types';
import type { AppDeps } from './context';
import type { AppConfig } from './lib/env';
import type { Logger } from './lib/logger';
import { resolveAuthSecret } from './lib/secrets';
import { NOTHING_REPORTED, startErrorReporting, type ErrorReporter } from './lib/error-reporting';
import { RealtimeHub } from './realtime/events';
import { PgListener } from './realtime/pg-listener';
import { checkStorageReachable, createStorage } from './storage/create-storage';
import { createGenerationParts } from './features/generation/engines/create-engine';
import { checkEngines } from './features/generation/engines/model-check';
import { Metrics } from './features/metrics/metrics.service';
import { sessionTopic } from './realtime/topics';

export interface Runtime {
  deps: AppDeps;
  databaseUrl: string;
  /** Stops the workers, the listener and the pool, then the embedded Postgres. */
  stop(): Promise<void>;
}

/**
 * Everything but HTTP: database (embedded or DATABASE_URL), migrations, auth, mail, storage,
 * realtime and the job queue — shared by the API process and `npm run worker`.
 */
export interface RuntimeOptions {
  runWorkers: boolean;
  /** Tests shorten retry delays; production uses the policies in jobs/job-types.ts. */
  jobPolicyOverrides?: Partial<Record<JobName, Partial<JobPolicy>>>;
}

export async function startRuntime(config: AppConfig, logger: Logger, options: RuntimeOptions): Promise<Runtime> {
  let embedded: EmbeddedDatabase | undefined;
  let db: Db | undefined;
  let listener: PgListener | undefined;
  let jobs: JobQueue | undefined;
  let errorReporter: ErrorReporter | undefined;
  const stopAll = async () => {
    await jobs?.stop().catch((error: unknown) => logger.warn({ err: error }, 'stopping the job queue failed'));
    await listener?.stop();
    await db?.$client.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    await errorReporter?.flush(2_000).catch(() => undefined);
  };
  // Before anything starts: a production start stops here when an engine's model, node or server is missing.
  const generation = createGenerationParts(config);
  generation.modelProblems = await checkEngines(generation, { production: config.isProduction, logger });
  // Likewise a bucket that does not answer: one message now rather than a failure at the first upload.
  await checkStorageReachable(config);
  try {
    errorReporter = await startErrorReporting(config, logger);
    if (!config.databaseUrl) embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'), logger);
    const databaseUrl = config.databaseUrl ?? embedded!.url;
    db = createDb(databaseUrl);
    await runMigrations(db);

    listener = new PgListener(databaseUrl, logger);
    await listener.start();
    jobs = new JobQueue(databaseUrl, db, listener, logger, jobQueueOptionsOf(config, options));
    await jobs.start();

    const deps = await buildDeps(config, db, logger, { jobs, realtime: new RealtimeHub(listener), generation, errorReporter });
    if (options.runWorkers) jobs.work(createJobHandlers(deps));

    let stopping: Promise<void> | undefined;
    return { deps, databaseUrl, stop: () => (stopping ??= stopAll()) };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** The queue as the configuration sets it: the generation time limit, the backup schedule. */
export function jobQueueOptionsOf(config: AppConfig, options: Pick<RuntimeOptions, 'jobPolicyOverrides'> = {}): JobQueueOptions {
  return {
    policyOverrides: {
      ...options.jobPolicyOverrides,
      generate: { timeLimitSeconds: config.generationTimeoutSeconds, ...options.jobPolicyOverrides?.generate },
    },
    schedules: { backup: config.backup.schedule },
  };
}

/** Builds every dependency and wires the parts together (the composition root); nothing here opens a connection. */
export async function buildDeps(
  config: AppConfig,
  db: Db,
  logger: Logger,
  parts: Pick<AppDeps, 'jobs' | 'realtime'> & Partial<Pick<AppDeps, 'generation' | 'errorReporter'>>,
): Promise<AppDeps> {
  const mailer = createMailer(config, db, logger);
  const secret = await resolveAuthSecret(config.authSecret, config.dataDir);
  // Every new user (e-mail or social) gets an account with FREE_GENERATIONS free images, and the
  // operator's default monthly spending limit when one is set.
  const hooks: AuthHooks = {
    onUserCreated: async (userId) => {
      await openBalanceAccount(db, userId, config.freeGenerations);
      await applyDefaultSpendingLimit(db, userId, config.defaultMonthlyLimitCents);
    },
  };
  // The account mails (confirmation, password reset, "you already have an account") leave through
  // the job queue: sign-up and reset answer at once, in the same time whether the address has an
  // account or not, and a stalled relay delays no answer.
  const auth = createAuth({ config, db, logger, mailer: queuedMailer(parts.jobs, db), secret, hooks });
  const sessionLookup = createSessionLookup(auth, db);
  const storage = await createStorage(config);
  const sessionTopicPrefix = sessionTopic('');
  const metrics = new Metrics({ db, logger, openEventStreams: () => parts.realtime?.subscriberCount(sessionTopicPrefix) ?? 0 });
  return {
    config,
    db,
    logger,
    auth,
    sessionLookup,
    mailer,
    storage,
    payments: createPayments(config, db),
    metrics,
    ...parts,
    generation: parts.generation ?? createGenerationParts(config),
    errorReporter: parts.errorReporter ?? NOTHING_REPORTED,
  };
}
