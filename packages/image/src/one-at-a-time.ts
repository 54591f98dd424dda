/**
 * A queue that lets one piece of work run at a time, in the order asked. Waiting honours an
 * AbortSignal: work whose signal fires while it waits leaves the queue at once and never starts.
 */
export class OneAtATime {
  private busy = false;
  private readonly waiting: (() => void)[] = [];

  async run<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.turn(signal);
    try {
      return await work();
    } finally {
      this.next();
    }
  }

  /** How many are waiting for their turn (not counting the one running). */
  get queued(): number {
    return this.waiting.length;
  }

  private turn(signal: AbortSignal | undefined): Promise<void> {
    signal?.throwIfAborted();
    if (!this.busy) {
      this.busy = true;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        const index = this.waiting.indexOf(start);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal!.reason);
      };
      const start = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(start);
    });
  }

  /** Hands the turn straight to the next in line (it stays busy), or frees it. */
  private next(): void {
    const start = this.waiting.shift();
    if (start) start();
    else this.busy = false;
  }
}
