import { buildVisionWorker } from '../scripts/build-vision-worker.mjs';

/** Tests run the vision worker built from the sources as they are now, as `npm install` builds it. */
export default async function setup(): Promise<void> {
  await buildVisionWorker();
}
