import { runGenerationJob } from './features/generation/generation.jobs';
import { verifyUpload } from './features/verification/verification.service';
import type { AppDeps } from './context';
import type { JobHandlers } from './jobs/job-types';

/** The one place every job name meets its handler; a missing one fails the type-check. */
export function createJobHandlers(deps: AppDeps): JobHandlers {
  const { engine } = deps.generation;
  return {
    'verify-upload': (payload, context) => verifyUpload(deps, (image) => engine.analyzeUpload(image), payload, context),
    generate: (payload, context) => runGenerationJob(deps, engine, payload, context),
  };
}
