/** A job as the queue hands it out. */
export interface FetchedJob {
  id: string;
  data: unknown;
  retryCount: number;
  /** The job is on its last try when retryCount reaches this. */
  retryLimit: number;
  /** How long one try may run, as the job was sent (else the worker's policy). */
  timeLimitSeconds?: number;
}

export interface JobSlotsOptions {
  /** Jobs of this kind run at once in this process. */
  concurrency: number;
  /** Asks the queue for up to `count` jobs (claims them). */
  fetch(count: number): Promise<FetchedJob[]>;
  /** Runs one claimed job and reports its outcome to the queue; never rejects. */
  run(job: FetchedJob): Promise<void>;
  onError(error: unknown): void;
}

/**
 * Runs one kind of job in up to `concurrency` slots. A wake-up (a NOTIFY that a job was queued,
 * or the poll timer) makes ONE fetch for as many jobs as there are free slots; wake-ups that
 * arrive while a fetch is under way or every slot is busy are remembered and answered as soon
 * as that fetch returns or a slot frees up. (pg-boss's own workers each fetch on every wake-up:
 * sixteen slots meant sixteen queries racing for one job, on a pool of four connections.)
 */
export class JobSlots {
  private running = new Set<Promise<void>>();
  private filling: Promise<void> | undefined;
  private wanted = false;
  private stopped = false;

  constructor(private readonly options: JobSlotsOptions) {}

  wake(): void {
    this.wanted = true;
    this.fill();
  }

  /** Stops taking jobs and waits up to `timeoutMs` for the running ones; true if all finished. */
  async stop(timeoutMs: number): Promise<boolean> {
    this.stopped = true;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    // Jobs a fetch under way has already claimed still run: left alone, they would wait for expiry.
    const finished = (async () => {
      await this.filling;
      await Promise.allSettled([...this.running]);
      return true as const;
    })();
    const result = await Promise.race([finished, timedOut]);
    clearTimeout(timer);
    return result;
  }

  get busySlots(): number {
    return this.running.size;
  }

  private fill(): void {
    this.filling ??= this.fetchWhileWanted().finally(() => {
      this.filling = undefined;
      if (this.wanted && this.hasFreeSlot()) this.fill();
    });
  }

  private hasFreeSlot(): boolean {
    return !this.stopped && this.running.size < this.options.concurrency;
  }

  private async fetchWhileWanted(): Promise<void> {
    try {
      while (this.wanted && this.hasFreeSlot()) {
        this.wanted = false;
        const free = this.options.concurrency - this.running.size;
        const jobs = await this.options.fetch(free);
        // A full batch may have left more behind.
        if (jobs.length === free) this.wanted = true;
        for (const job of jobs) this.start(job);
      }
    } catch (error) {
      this.options.onError(error);
    }
  }

  private start(job: FetchedJob): void {
    const running: Promise<void> = this.options
      .run(job)
      .catch((error: unknown) => this.options.onError(error))
      .finally(() => {
        this.running.delete(running);
        // A wake-up that came while every slot was busy is answered now.
        if (this.wanted) this.fill();
      });
    this.running.add(running);
  }
}
