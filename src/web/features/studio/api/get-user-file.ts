import { VERIFICATION_POLL_ATTEMPTS, VERIFICATION_POLL_INTERVAL_MS } from '@shared/constants';
import { userFileSchema, type UserFile } from '@shared/studio';
import { apiFetch } from '@web/lib/api-client';

export const VERIFICATION_TIMEOUT_MESSAGE = 'File verification timeout';

export async function getUserFile(fileId: string, signal?: AbortSignal): Promise<UserFile> {
  const response = await apiFetch(`/api/user-files/${encodeURIComponent(fileId)}`, signal ? { signal } : {});
  return userFileSchema.parse(await response.json());
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Polls the file until verification decided (spec: 15 attempts, 2 s apart), else 'File verification timeout'. */
export async function waitForVerification(fileId: string, signal?: AbortSignal): Promise<UserFile> {
  for (let attempt = 1; attempt <= VERIFICATION_POLL_ATTEMPTS; attempt += 1) {
    const file = await getUserFile(fileId, signal);
    if (file.verified_enum !== 'pending') return file;
    if (attempt < VERIFICATION_POLL_ATTEMPTS) await pause(VERIFICATION_POLL_INTERVAL_MS, signal);
  }
  throw new Error(VERIFICATION_TIMEOUT_MESSAGE);
}
