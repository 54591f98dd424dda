import { describe, expect, it } from 'vitest';
import { JobSlots, type FetchedJob } from './job-slots';

/** A queue in memory, and jobs that finish when the test says so. */
function harness(concurrency: number) {
  const queued: FetchedJob[] = [];
  const fetches: number[] = [];
  const running = new Map<string, () => void>();
  let peak = 0;
  const slots = new JobSlots({
    concurrency,
    fetch: async (count) => {
      fetches.push(count);
      await Promise.resolve();
      return queued.splice(0, count);
    },
    run: (job) =>
      new Promise<void>((resolve) => {
        running.set(job.id, () => {
          running.delete(job.id);
          resolve();
        });
        peak = Math.max(peak, running.size);
      }),
    onError: (error) => {
      throw error;
    },
  });
  const add = (...ids: string[]) => queued.push(...ids.map((id) => ({ id, data: {}, retryCount: 0, retryLimit: 0 })));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { slots, add, fetches, running, queued, settle, peak: () => peak };
}

describe('JobSlots', () => {
  it('answers a wake-up with one fetch for as many jobs as there are free slots', async () => {
    const h = harness(16);
    h.add('a');
    h.slots.wake();
    h.slots.wake();
    h.slots.wake();
    await h.settle();
    // Three wake-ups while one fetch was under way: one more fetch after it, not sixteen.
    expect(h.fetches).toEqual([16, 15]);
    expect([...h.running.keys()]).toEqual(['a']);
  });

  it('never runs more jobs than its concurrency, and takes the next one when a slot frees up', async () => {
    const h = harness(2);
    h.add('a', 'b', 'c', 'd');
    h.slots.wake();
    await h.settle();
    expect([...h.running.keys()]).toEqual(['a', 'b']);
    expect(h.queued.map((j) => j.id)).toEqual(['c', 'd']);

    h.running.get('a')!();
    await h.settle();
    expect([...h.running.keys()]).toEqual(['b', 'c']);
    h.running.get('b')!();
    h.running.get('c')!();
    await h.settle();
    expect([...h.running.keys()]).toEqual(['d']);
    expect(h.peak()).toBe(2);
  });

  it('remembers a wake-up that came while every slot was busy', async () => {
    const h = harness(1);
    h.add('a');
    h.slots.wake();
    await h.settle();
    h.add('b');
    h.slots.wake();
    await h.settle();
    expect([...h.running.keys()]).toEqual(['a']);
    h.running.get('a')!();
    await h.settle();
    expect([...h.running.keys()]).toEqual(['b']);
  });

  it('makes no fetch after a wake-up that found nothing, until the next one', async () => {
    const h = harness(4);
    h.slots.wake();
    await h.settle();
    await h.settle();
    expect(h.fetches).toEqual([4]);
  });

  it('on stop takes no more jobs and waits for the running ones', async () => {
    const h = harness(2);
    h.add('a');
    h.slots.wake();
    await h.settle();
    const stopped = h.slots.stop(5_000);
    h.add('b');
    h.slots.wake();
    await h.settle();
    expect(h.fetches).toEqual([2]);
    h.running.get('a')!();
    await expect(stopped).resolves.toBe(true);
  });

  it('on stop gives up waiting after the timeout', async () => {
    const h = harness(1);
    h.add('stuck');
    h.slots.wake();
    await h.settle();
    await expect(h.slots.stop(20)).resolves.toBe(false);
  });
});
