import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserFile } from '@shared/studio';
import { setAuthProvider } from '@web/lib/api-client';
import { VERIFICATION_TIMEOUT_MESSAGE, waitForVerification } from './get-user-file';

const pending: UserFile = {
  id: 'f1',
  user_id: 'u1',
  file_type: 'image',
  original_filename: 'beach.jpg',
  stored_filename: 'public/u1/uploaded-photos/1-beach.jpg',
  file_url: '/api/files/f1',
  thumbnailUrl: '/api/files/f1/thumbnail',
  mime_type: 'image/jpeg',
  file_size_bytes: 1000,
  is_generated: false,
  verified_enum: 'pending',
  upload_timestamp: '2025-01-01T10:00:00.000Z',
  contentDescription: '',
  metadata: null,
  width: 640,
  height: 480,
  expires_at: '2099-01-01T00:00:00.000Z',
  expired: false,
};
const approved: UserFile = { ...pending, verified_enum: 'approved' };

/** A server that holds each request for `holdMs(wait)` and then answers with `answer(n)`. */
function serve(answer: (request: number) => UserFile, holdMs: (waitSeconds: number) => number) {
  const waits: number[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    expect(url.pathname).toBe('/api/user-files/f1');
    const wait = Number(url.searchParams.get('wait'));
    waits.push(wait);
    const body = JSON.stringify(answer(waits.length));
    return new Promise<Response>((resolve) =>
      setTimeout(() => resolve(new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } })), holdMs(wait)),
    );
  });
  return waits;
}

beforeEach(() => {
  vi.useFakeTimers();
  setAuthProvider(() => ({ kind: 'cookie' }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setAuthProvider(() => null);
});

describe("waiting for an upload's verdict", () => {
  it('asks the server to hold the request and has the verdict the moment it is written', async () => {
    // The verification job finishes 3 s after the upload.
    const waits = serve(
      () => approved,
      () => 3_000,
    );
    const verdict = waitForVerification('f1');
    await vi.advanceTimersByTimeAsync(3_000);
    await expect(verdict).resolves.toEqual(approved);
    expect(waits).toEqual([10]);
  });

  it("gives up with 'File verification timeout' after the spec's 15 × 2 s, in three held requests", async () => {
    const waits = serve(
      () => pending,
      (wait) => wait * 1000,
    );
    const verdict = waitForVerification('f1');
    const failed = expect(verdict).rejects.toThrow(VERIFICATION_TIMEOUT_MESSAGE);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(waits).toEqual([10, 10, 10]);
    await vi.advanceTimersByTimeAsync(1);
    await failed;
    expect(waits).toHaveLength(3);
  });

  it('still asks no more often than every 2 s when the server answers a pending file at once', async () => {
    const waits = serve(
      (request) => (request === 4 ? approved : pending),
      () => 0,
    );
    const verdict = waitForVerification('f1');
    await vi.advanceTimersByTimeAsync(5_999);
    expect(waits).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(waits).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(verdict).resolves.toEqual(approved);
  });
});
