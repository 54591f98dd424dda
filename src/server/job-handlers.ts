import { giveUpGeneration, runGenerationJob } from './features/generation/generation.jobs';
import { rejectUnverifiedUpload, verifyUpload } from './features/verification/verification.service';
import { runRetention } from './features/retention/retention.service';
import type { AppDeps } from './context';
import type { JobHandlers } from './jobs/job-types';

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
      giveUp: async (payload, reason) => {
        const engine = await giveUpGeneration(deps, payload, reason);
        metrics.countGenerationGivenUp(engine ?? 'unknown');
      },
    },
    retention: {
      run: async () => {
        await runRetention(deps);
      },
      // Nothing to settle: whatever a failed run left is the next run's work.
      giveUp: async () => undefined,
    },
  };
}
