import { describe, expect, it } from 'vitest';
import { OneAtATime } from './one-at-a-time';

/** A piece of work that runs until the test lets it finish. */
function held(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    finish: () => finish(),
    work: async () => {
      log.push(`${name} starts`);
      await done;
      log.push(`${name} ends`);
      return name;
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('OneAtATime', () => {
  it('runs one piece of work at a time, in the order asked', async () => {
    const gate = new OneAtATime();
    const log: string[] = [];
    const [first, second, third] = [held(log, 'first'), held(log, 'second'), held(log, 'third')];
    const results = [gate.run(first.work), gate.run(second.work), gate.run(third.work)];
    await settle();
    expect(log).toEqual(['first starts']);
    expect(gate.queued).toBe(2);
    first.finish();
    await settle();
    expect(log).toEqual(['first starts', 'first ends', 'second starts']);
    second.finish();
    third.finish();
    expect(await Promise.all(results)).toEqual(['first', 'second', 'third']);
    expect(log).toEqual(['first starts', 'first ends', 'second starts', 'second ends', 'third starts', 'third ends']);
  });

  it('drops work whose signal fires while it waits: it never starts, and the next in line still runs', async () => {
    const gate = new OneAtATime();
    const log: string[] = [];
    const [first, second, third] = [held(log, 'first'), held(log, 'second'), held(log, 'third')];
    const controller = new AbortController();
    const running = gate.run(first.work);
    const givenUp = gate.run(second.work, controller.signal);
    const next = gate.run(third.work);
    await settle();
    controller.abort(new Error('time limit'));
    await expect(givenUp).rejects.toThrow('time limit');
    expect(gate.queued).toBe(1);
    first.finish();
    third.finish();
    await Promise.all([running, next]);
    expect(log).toEqual(['first starts', 'first ends', 'third starts', 'third ends']);
  });

  it('does not start work whose signal has already fired, and frees its turn when work fails', async () => {
    const gate = new OneAtATime();
    const controller = new AbortController();
    controller.abort(new Error('given up'));
    let ran = false;
    await expect(gate.run(async () => (ran = true), controller.signal)).rejects.toThrow('given up');
    expect(ran).toBe(false);
    await expect(gate.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await gate.run(() => Promise.resolve('after'))).toBe('after');
  });
});
