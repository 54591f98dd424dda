import sharp from 'sharp';
import { PROGRESS_MIN_INTERVAL_MS } from '@shared/reply-progress';
import type { ProgressReport } from './reply-progress.repository';

/** A preview is a glimpse, not a picture: this small, it stays a few kB per event. */
const PREVIEW_MAX_SIDE = 256;
const PREVIEW_QUALITY = 60;

export type ProgressWriter = (report: ProgressReport, preview: Buffer | null) => Promise<boolean>;

/**
 * Passes a running try's progress on at most once per `minIntervalMs` (a 50-step sampler must not
 * flood the stream or the database): the newest report and preview win, and the last one is
 * always written (trailing). A change of stage goes out at once. Writes never overlap, so they arrive in order.
 * When a write finds the job no longer running (stopped, settled), `onGone` is called once.
 */
export class ProgressReporter {
  private latest: ProgressReport | null = null;
  private latestPreview: Buffer | null = null;
  private rawPreview: Buffer | null = null;
  private shrinking: Promise<void> | undefined;
  private dirty = false;
  private urgent = false;
  private lastWrite = Number.NEGATIVE_INFINITY;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> | undefined;
  private closed = false;
  private gone = false;

  constructor(
    private readonly write: ProgressWriter,
    private readonly onGone: () => void,
    private readonly onError: (error: unknown) => void,
    private readonly minIntervalMs = PROGRESS_MIN_INTERVAL_MS,
  ) {}

  /** A new stage goes out without waiting out the interval (a try has at most three). */
  stage(stage: ProgressReport['stage']): void {
    this.urgent = true;
    this.report({ stage, step: null, total: null });
  }

  /** Resolves once everything reported so far is written (before the try's result makes it moot). */
  async flushed(): Promise<void> {
    while (this.shrinking) await this.shrinking;
    while (!this.closed && (this.writing || this.timer || this.dirty)) {
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = undefined;
        this.urgent = true;
        this.schedule();
      }
      await this.writing;
    }
  }

  progress(step: number, total: number): void {
    if (!Number.isFinite(step) || !Number.isFinite(total) || total <= 0) return;
    this.report({ stage: 'generating', step: Math.max(0, Math.min(Math.round(step), Math.round(total))), total: Math.round(total) });
  }

  /**
   * The newest preview, shrunk off the write path (a step's progress never waits for sharp);
   * previews that arrive while one is shrunk are skipped but for the newest.
   */
  preview(image: Buffer): void {
    if (this.closed) return;
    this.rawPreview = image;
    this.shrinkNext();
  }

  private shrinkNext(): void {
    if (this.shrinking || !this.rawPreview || this.closed) return;
    const raw = this.rawPreview;
    this.rawPreview = null;
    this.shrinking = shrink(raw)
      .then(
        (small) => {
          if (this.closed) return;
          this.latestPreview = small;
          this.latest ??= { stage: 'generating', step: null, total: null };
          this.dirty = true;
          this.schedule();
        },
        (error: unknown) => this.onError(error),
      )
      .finally(() => {
        this.shrinking = undefined;
        this.shrinkNext();
      });
  }

  /** No more writes; waits for the one under way. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.writing;
  }

  private report(report: ProgressReport): void {
    if (this.closed) return;
    this.latest = report;
    this.dirty = true;
    this.schedule();
  }

  private schedule(): void {
    if (this.writing || this.timer || !this.dirty || this.closed) return;
    const wait = this.urgent ? 0 : this.lastWrite + this.minIntervalMs - Date.now();
    if (wait > 0) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.schedule();
      }, wait);
      return;
    }
    this.writing = this.flush().finally(() => {
      this.writing = undefined;
      this.schedule();
    });
  }

  private async flush(): Promise<void> {
    const report = this.latest!;
    const preview = this.latestPreview;
    this.latestPreview = null;
    this.dirty = false;
    this.urgent = false;
    this.lastWrite = Date.now();
    try {
      const running = await this.write(report, preview);
      if (!running && !this.gone) {
        this.gone = true;
        this.closed = true;
        this.onGone();
      }
    } catch (error) {
      // A progress report lost is no failure of the picture.
      this.onError(error);
    }
  }
}

async function shrink(image: Buffer): Promise<Buffer> {
  return sharp(image)
    .resize(PREVIEW_MAX_SIDE, PREVIEW_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: PREVIEW_QUALITY })
    .toBuffer();
}
