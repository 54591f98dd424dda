import type { AppDeps } from '../lib/context';
import type { JobHandlers } from './job-types';

/** The one place every job name meets its handler; a missing one fails the type-check. */
export function createJobHandlers(_deps: AppDeps): JobHandlers {
  return {};
}
