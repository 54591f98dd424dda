import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { collectGarbage } from './collect-garbage';

describe('collectGarbage', () => {
  it('frees a large buffer nothing refers to any more, at once', async () => {
    let buffer: ArrayBuffer | null = new ArrayBuffer(48 * 1024 * 1024);
    const watched = new WeakRef(buffer);
    buffer = null;
    // An object stays alive until the end of the turn it was watched in, whatever the collector does.
    await nextTurn();
    collectGarbage();
    // The size, not the buffer, in a failure message: printing 48 MB of bytes would take the runner down.
    expect(watched.deref()?.byteLength).toBeUndefined();
  });

  it('gives the global scope no gc function', () => {
    collectGarbage();
    expect('gc' in globalThis).toBe(false);
  });
});
