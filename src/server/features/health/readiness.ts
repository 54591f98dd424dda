import type { Storage } from '../../storage/storage';

/** A key nothing writes: reading it proves the storage answers (a missing file is an answer). */
const STORAGE_PROBE_KEY = 'health/readiness-probe';
/** Readiness answers within a load balancer's probe time-out, however the storage hangs. */
const STORAGE_CHECK_TIMEOUT_MS = 2_000;

/**
 * Through the Storage interface only (put/get/delete), so every implementation is checked the same
 * way: a read of a key that does not exist must answer, with nothing or with bytes, in time.
 */
export async function checkStorage(storage: Storage, timeoutMs = STORAGE_CHECK_TIMEOUT_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the storage did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  const read = storage.get(STORAGE_PROBE_KEY);
  read.then(
    (found) => found?.body.cancel().catch(() => undefined),
    () => undefined,
  );
  try {
    await Promise.race([read, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
