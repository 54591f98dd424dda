import { giveUpGeneration, runGenerationJob } from './features/generation/generation.jobs';
import { EngineError } from './features/generation/engines/image-engine';
import { rejectUnverifiedUpload, verifyUpload } from './features/verification/verification.service';
import { runRetention } from './features/retention/retention.service';
import { backUpAndPrune } from './features/backups/backups.service';
import { deleteStripeCustomer, purgeRetainedLedger } from './features/billing/account-erasure.service';
import { giveUpAutoTopUp, runAutoTopUp } from './features/billing/auto-top-up.service';
import type { AppDeps } from './context';
import { JobLeaseLostError, JobTimeLimitError, type JobHandlers } from './jobs/job-types';
import { QUEUE_DUMP_SCOPE } from './jobs/job-queue';

/** The one place every job name meets its definition; a missing one fails the type-check. */
export function createJobHandlers(deps: AppDeps): JobHandlers {
  const { uploadReviewer } = deps.generation;
  const { metrics } = deps;
  return {
    'verify-upload': {
      run: (payload, context) => verifyUpload(deps, (image) => uploadReviewer.analyzeUpload(image, { signal: context.signal }), payload),
      giveUp: (payload) => rejectUnverifiedUpload(deps, payload),
    },
    generate: {
      run: async (payload, context) => {
        const started = performance.now();
        const seconds = () => (performance.now() - started) / 1000;
        const observed: { engine?: string } = {};
        let result;
        try {
          result = await runGenerationJob(deps, deps.generation, payload, context, observed);
        } catch (error) {
          metrics.observeGeneration(observed.engine ?? 'unknown', 'error', seconds());
          throw error;
        }
        if (result !== 'settled-before') metrics.observeGeneration(observed.engine ?? 'unknown', result, seconds());
      },
      giveUp: async (payload, reason, { attempt }) => {
        const { settledNow, engine = 'unknown' } = await giveUpGeneration(deps, payload, reason);
        metrics.countGenerationGivenUp(engine);
        // Once per job: a sweeper repeating the give-up of a settled job reports nothing.
        if (settledNow)
          deps.errorReporter.reportJobGivenUp(reason, {
            job: 'generate',
            jobId: payload.agentJobId,
            attempt,
            tags: { engine, failure: failureKindOf(reason) },
          });
      },
    },
    retention: {
      run: async () => {
        await runRetention(deps);
      },
      // Nothing to settle: whatever a failed run left is the next run's work.
      giveUp: async () => undefined,
    },
    backup: {
      run: async (_payload, context) => {
        await backUpAndPrune(
          { databaseUrl: deps.db.$client.options.connectionString!, storage: deps.storage, logger: deps.logger },
          { scope: QUEUE_DUMP_SCOPE, keep: deps.config.backup.retention, signal: context.signal },
        );
      },
      // No backup today is something the operator must hear of: the log says it, and so does Sentry.
      giveUp: async (_payload, reason, { jobId, attempt }) => {
        deps.logger.error({ err: reason, jobId }, 'the scheduled database backup failed on its last try');
        deps.errorReporter.reportJobGivenUp(reason, { job: 'backup', jobId, attempt, tags: { failure: failureKindOf(reason) } });
      },
    },
    'send-mail': {
      run: (mail) => deps.mailer.send(mail),
      // The person asked for the mail and will ask again; the operator learns that the relay failed.
      giveUp: async (mail, reason) =>
        deps.logger.error({ err: reason, to: mail.to, subject: mail.subject }, 'a mail could not be sent after every try'),
    },
    'delete-stripe-customer': {
      run: ({ customerId }) => deleteStripeCustomer(deps, customerId),
      // The operator must delete it by hand: the log says which.
      giveUp: async ({ customerId }, reason) =>
        deps.logger.error({ err: reason, customerId }, 'the Stripe customer of a deleted account could not be deleted after every try'),
    },
    'purge-retained-ledger': {
      run: async () => {
        const purged = await purgeRetainedLedger(deps.db, deps.config.retainedLedgerYears);
        if (purged > 0) deps.logger.info({ purged }, 'retained ledger rows past their period deleted');
      },
      giveUp: async () => undefined,
    },
    'auto-top-up': {
      run: ({ autoTopUpId }) => runAutoTopUp(deps, autoTopUpId),
      // No answer from the provider on any try: this attempt ends; the next charge below the threshold tries again.
      giveUp: async ({ autoTopUpId }, reason) => {
        deps.logger.error({ err: reason, autoTopUpId }, 'an auto top-up got no answer from the payment provider after every try');
        await giveUpAutoTopUp(deps.db, autoTopUpId);
      },
    },
  };
}

/** Why a job was given up, as a label to group reports by. */
function failureKindOf(reason: unknown): string {
  if (reason instanceof EngineError) return `engine-${reason.kind}`;
  if (reason instanceof JobTimeLimitError) return 'time-limit';
  if (reason instanceof JobLeaseLostError) return 'worker-lost';
  return reason instanceof Error ? reason.name : 'error';
}
