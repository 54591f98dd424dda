/**
 * At most `concurrency` pieces of work at once; the rest wait, and freed places go to the waiting
 * keys in turn (round robin), so a key with a hundred jobs waiting delays another key's job by at
 * most one of its own, not by all of them.
 */
export class FairGate {
  private running = 0;
  /** Waiting work by key; a Map keeps insertion order, which makes the turns. */
  private readonly waiting = new Map<string, Array<() => void>>();

  constructor(private readonly concurrency: number) {}

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    await this.enter(key);
    try {
      return await work();
    } finally {
      this.leave();
    }
  }

  private enter(key: string): Promise<void> {
    if (this.running < this.concurrency) {
      this.running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const queue = this.waiting.get(key);
      if (queue) queue.push(resolve);
      else this.waiting.set(key, [resolve]);
    });
  }

  private leave(): void {
    const next = this.waiting.entries().next();
    if (next.done) {
      this.running -= 1;
      return;
    }
    const [key, queue] = next.value;
    const admit = queue.shift()!;
    // This key's turn is over: to the back of the line with whatever it has left.
    this.waiting.delete(key);
    if (queue.length > 0) this.waiting.set(key, queue);
    admit(); // the place passes on; `running` stays the same
  }
}
