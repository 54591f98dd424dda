import { giveUpGeneration, runGenerationJob } from './features/generation/generation.jobs';
import { rejectUnverifiedUpload, verifyUpload } from './features/verification/verification.service';
import { runRetention } from './features/retention/retention.service';
import type { AppDeps } from './context';
import type { JobHandlers } from './jobs/job-types';

/** The one place every job name meets its definition; a missing one fails the type-check. */
export function createJobHandlers(deps: AppDeps): JobHandlers {
  const { engine } = deps.generation;
  const { metrics } = deps;
  const engineName = deps.config.imageEngine.kind;
  return {
    'verify-upload': {
      run: (payload, context) => verifyUpload(deps, (image) => engine.analyzeUpload(image, { signal: context.signal }), payload),
      giveUp: (payload) => rejectUnverifiedUpload(deps, payload),
    },
    generate: {
      run: async (payload, context) => {
        const started = performance.now();
        const seconds = () => (performance.now() - started) / 1000;
        let result;
        try {
          result = await runGenerationJob(deps, deps.generation, payload, context);
        } catch (error) {
          metrics.observeGeneration(engineName, 'error', seconds());
          throw error;
        }
        if (result !== 'settled-before') metrics.observeGeneration(engineName, result, seconds());
      },
      giveUp: async (payload, reason) => {
        await giveUpGeneration(deps, payload, reason);
        metrics.countGenerationGivenUp(engineName);
      },
    },
    retention: {
      run: async () => {
        await runRetention(deps);
      },
      // Nothing to settle: whatever a failed run left is the next run's work.
      giveUp: async () => undefined,
    },
    'send-mail': {
      run: (mail) => deps.mailer.send(mail),
      // The person asked for the mail and will ask again; the operator learns that the relay failed.
      giveUp: async (mail, reason) => deps.logger.error({ err: reason, to: mail.to, subject: mail.subject }, 'a mail could not be sent after every try'),
    },
  };
}
