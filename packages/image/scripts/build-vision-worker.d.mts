/** Builds dist/vision-worker.cjs from src/vision/vision-worker.ts (see build-vision-worker.mjs). */
export function buildVisionWorker(): Promise<void>;
export const VISION_WORKER_ENTRY: string;
export const VISION_WORKER_SCRIPT: string;
