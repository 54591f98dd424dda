import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type VisionAnswer, type VisionEnvelope, type VisionReply, type VisionRequest } from './vision-protocol';

/**
 * The engine's side of the vision worker: started on first use, shared by every request of the
 * process, started again if it ever dies or after it was let go for being idle. It holds the
 * process open only while it has work.
 */

/**
 * The worker's code: vision-worker.ts and the two small modules it uses, built into one plain
 * CommonJS script when the package is built (scripts/build-vision-worker.mjs, run by `npm
 * install`), since a worker thread's entry does not go through the TypeScript loader the server
 * runs under (decision 021).
 */
const WORKER_SCRIPT = fileURLToPath(new URL('../../dist/vision-worker.cjs', import.meta.url));

interface Pending {
  resolve: (answer: VisionAnswer) => void;
  reject: (error: unknown) => void;
}

let worker: Worker | null = null;
let nextId = 1;
/** An idle worker is stopped after this long: its models cost about 125 MB, and a busy server keeps it warm anyway. */
const IDLE_MS = 60_000;
let idleTimer: NodeJS.Timeout | null = null;
const pending = new Map<number, Pending>();
let requested = 0;

/** What the vision worker has been asked (model calls since the process started) and how many callers still wait for an answer. */
export function visionActivity(): { requested: number; waiting: number } {
  return { requested, waiting: pending.size };
}

function failAll(error: Error): void {
  for (const waiter of pending.values()) waiter.reject(error);
  pending.clear();
}

/** Once nothing is pending the worker no longer holds the process open, and is let go after a while idle. */
function whenIdle(started: Worker): void {
  if (pending.size > 0) return;
  started.unref();
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (pending.size === 0 && worker === started) void stopVisionWorker();
  }, IDLE_MS).unref();
}

function visionWorker(): Worker {
  if (worker) return worker;
  if (!existsSync(WORKER_SCRIPT)) throw new Error(`The vision worker is not built (${WORKER_SCRIPT}): run npm install or npm run build.`);
  const started = new Worker(WORKER_SCRIPT);
  started.unref();
  started.on('message', (answer: VisionAnswer) => {
    const waiter = pending.get(answer.id);
    if (!waiter) return;
    pending.delete(answer.id);
    whenIdle(started);
    waiter.resolve(answer);
  });
  started.on('error', (error) => {
    if (worker === started) worker = null;
    failAll(error);
  });
  started.on('exit', (code) => {
    if (worker === started) worker = null;
    failAll(new Error(`The vision worker stopped (exit code ${code}).`));
  });
  worker = started;
  return started;
}

/**
 * Runs one request in the vision worker; the request's pixel buffers are transferred, not copied.
 * When `signal` fires the promise rejects at once with its reason, and a request still waiting in
 * the worker's queue is dropped unrun (one already running finishes its single model call: a tile
 * or a 256-pixel pass, well under a second, not worth a cold restart of the worker).
 */
export async function runVision<K extends VisionRequest['kind']>(
  request: VisionRequest & { kind: K },
  signal?: AbortSignal,
): Promise<VisionReply<K>> {
  signal?.throwIfAborted();
  const target = visionWorker();
  // A view into a larger buffer (Node's Buffer pool) cannot be transferred alone: give it its own.
  const rgb = request.rgb.byteOffset === 0 && request.rgb.byteLength === request.rgb.buffer.byteLength ? request.rgb : request.rgb.slice();
  const id = nextId;
  nextId += 1;
  requested += 1;
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = null;
  let onAbort: (() => void) | undefined;
  const answer = await new Promise<VisionAnswer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    if (signal) {
      onAbort = () => {
        if (!pending.delete(id)) return;
        target.postMessage({ id, cancel: true } satisfies VisionEnvelope);
        whenIdle(target);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
    }
    target.ref();
    target.postMessage({ id, request: { ...request, rgb } } satisfies VisionEnvelope, [rgb.buffer as ArrayBuffer]);
  }).finally(() => {
    if (onAbort) signal?.removeEventListener('abort', onAbort);
  });
  if (!answer.ok) throw new Error(answer.message);
  if (answer.response.kind !== request.kind) throw new Error(`The vision worker answered ${answer.response.kind} to ${request.kind}.`);
  return answer.response as VisionReply<K>;
}

/** Stops the worker (tests and benchmarks that want a clean exit); the next request starts a new one. */
export async function stopVisionWorker(): Promise<void> {
  const running = worker;
  worker = null;
  if (running) await running.terminate();
}
