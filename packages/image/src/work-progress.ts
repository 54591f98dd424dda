/** Told how much of a request's work is done: `done` of `total` units, rising by one to `total`. */
export type ProgressListener = (done: number, total: number) => void;

/**
 * Counts a request's units of work (decoding a photo, each operation, each look, encoding an
 * image) as they finish. The total is known before the first unit starts, so a progress bar is
 * determinate from the start; a count that would pass the total stops at it, so a bar never
 * shows more than all of it.
 */
export class WorkProgress {
  private done = 0;

  constructor(
    private readonly total: number,
    private readonly listener: ProgressListener | undefined,
  ) {
    this.listener?.(0, total);
  }

  /** One unit finished. */
  step(): void {
    if (this.done >= this.total) return;
    this.done += 1;
    this.listener?.(this.done, this.total);
  }
}
