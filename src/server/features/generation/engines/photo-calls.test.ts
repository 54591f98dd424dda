import { describe, expect, it } from 'vitest';
import { EngineError, type EngineImage } from './image-engine';
import { photoCalls, runPhotoCalls } from './photo-calls';

const photo = (name: string): EngineImage => ({ data: Buffer.from(name), mimeType: 'image/jpeg' });
const made = (from: string, index: number): EngineImage => ({ data: Buffer.from(`${from}#${index}`), mimeType: 'image/png' });
const names = (images: EngineImage[]) => images.map((image) => image.data.toString());

describe('the provider calls of a request', () => {
  const five = ['a', 'b', 'c', 'd', 'e'].map(photo);

  it('is one call per photo, for its share of the images, when each photo gets its own results', () => {
    expect(
      photoCalls(five, { count: 5 }).map((call) => ({ photos: names(call.images), count: call.count, positions: call.positions })),
    ).toEqual([
      { photos: ['a'], count: 1, positions: [0] },
      { photos: ['b'], count: 1, positions: [1] },
      { photos: ['c'], count: 1, positions: [2] },
      { photos: ['d'], count: 1, positions: [3] },
      { photos: ['e'], count: 1, positions: [4] },
    ]);
    // Two versions of each of two photos: the first of each, then the second of each.
    expect(photoCalls([photo('a'), photo('b')], { count: 4 }).map((call) => [names(call.images), call.count, call.positions])).toEqual([
      [['a'], 2, [0, 2]],
      [['b'], 2, [1, 3]],
    ]);
  });

  it('is one call with every photo when they are combined, or when there is one photo or none', () => {
    expect(photoCalls(five, { count: 2, combine: true }).map((call) => [names(call.images), call.count])).toEqual([
      [['a', 'b', 'c', 'd', 'e'], 2],
    ]);
    expect(photoCalls([photo('a')], { count: 3 }).map((call) => [names(call.images), call.count])).toEqual([[['a'], 3]]);
    expect(photoCalls([], { count: 4 }).map((call) => [names(call.images), call.count])).toEqual([[[], 4]]);
  });

  it('puts the images of calls made at once in the order of the request', async () => {
    const calls = photoCalls([photo('a'), photo('b')], { count: 4 });
    // The second photo's call answers first.
    const images = await runPhotoCalls(calls, undefined, async (call) => {
      const from = call.images[0]!.data.toString();
      await new Promise((resolve) => setTimeout(resolve, from === 'a' ? 20 : 0));
      return Array.from({ length: call.count }, (_, index) => made(from, index));
    });
    expect(names(images)).toEqual(['a#0', 'b#0', 'a#1', 'b#1']);
  });

  it('stops the other calls when one fails, and fails with its error', async () => {
    const stopped: string[] = [];
    const failure = new EngineError('refused', 'The image service refused this request under its content policy.');
    const attempt = runPhotoCalls(photoCalls(five, { count: 5 }), undefined, (call, signal) => {
      const from = call.images[0]!.data.toString();
      if (from === 'c') return Promise.reject(failure);
      return new Promise((_, reject) =>
        signal.addEventListener('abort', () => {
          stopped.push(from);
          reject(new Error('aborted'));
        }),
      );
    });
    await expect(attempt).rejects.toBe(failure);
    expect(stopped.sort()).toEqual(['a', 'b', 'd', 'e']);
  });

  it('fails, to be tried again, when a call answers with fewer images than asked (each one was paid for)', async () => {
    const attempt = runPhotoCalls(photoCalls([photo('a'), photo('b')], { count: 2 }), undefined, (call) =>
      Promise.resolve(call.images[0]!.data.toString() === 'b' ? [] : [made('a', 0)]),
    );
    await expect(attempt).rejects.toMatchObject({ kind: 'transient' });
  });

  it('passes the job’s own stop on to every call', async () => {
    const job = new AbortController();
    const signals: AbortSignal[] = [];
    const attempt = runPhotoCalls(photoCalls([photo('a'), photo('b')], { count: 2 }), job.signal, (_call, signal) => {
      signals.push(signal);
      return new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('stopped'))));
    });
    job.abort(new Error('time limit'));
    await expect(attempt).rejects.toThrow();
    expect(signals.every((signal) => signal.aborted)).toBe(true);
  });
});
