import { giveUpGeneration, runGenerationJob } from './features/generation/generation.jobs';
import { rejectUnverifiedUpload, verifyUpload } from './features/verification/verification.service';
import { runRetention } from './features/retention/retention.service';
import type { AppDeps } from './context';
import type { JobHandlers } from './jobs/job-types';

/** The one place every job name meets its definition; a missing one fails the type-check. */
export function createJobHandlers(deps: AppDeps): JobHandlers {
  const { engine } = deps.generation;
  return {
    'verify-upload': {
      run: (payload, context) => verifyUpload(deps, (image) => engine.analyzeUpload(image, { signal: context.signal }), payload),
      giveUp: (payload) => rejectUnverifiedUpload(deps, payload),
    },
    generate: {
      run: (payload, context) => runGenerationJob(deps, deps.generation, payload, context),
      giveUp: (payload, reason) => giveUpGeneration(deps, payload, reason),
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
