import { describe, expect, it } from 'vitest';
import { FairGate } from './fair-gate';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('a fair gate', () => {
  it('runs at most its concurrency at once', async () => {
    const gate = new FairGate(2);
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 6 }, () =>
        gate.run('a', async () => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running -= 1;
        }),
      ),
    );
    expect(most).toBe(2);
  });

  it("serves the waiting keys in turn, so one key's pile does not hold another back", async () => {
    const gate = new FairGate(1);
    const order: string[] = [];
    const first = deferred();
    const blocker = gate.run('flood', () => first.promise);
    const flood = Array.from({ length: 5 }, (_, index) => gate.run('flood', async () => void order.push(`flood-${index}`)));
    const other = gate.run('reader', async () => void order.push('reader'));
    first.resolve();
    await Promise.all([blocker, ...flood, other]);
    expect(order.indexOf('reader')).toBe(1);
  });

  it('frees its place when the work fails', async () => {
    const gate = new FairGate(1);
    await expect(gate.run('a', () => Promise.reject(new Error('broken image')))).rejects.toThrow('broken image');
    expect(await gate.run('a', async () => 'next')).toBe('next');
  });
});
