import { describe, expect, it } from 'vitest';
import { ProgressReporter } from './progress-reporter';
import type { ProgressReport } from './reply-progress.repository';

function recorder(running = true) {
  const writes: Array<{ report: ProgressReport; preview: boolean; at: number }> = [];
  const write = async (report: ProgressReport, preview: Buffer | null) => {
    writes.push({ report, preview: preview !== null, at: Date.now() });
    await new Promise((resolve) => setTimeout(resolve, 5));
    return running;
  };
  return { writes, write };
}

describe('ProgressReporter', () => {
  it('writes a 50-step burst at most about 4 times a second, in order, the last step always', async () => {
    const { writes, write } = recorder();
    const reporter = new ProgressReporter(
      write,
      () => undefined,
      () => undefined,
      250,
    );
    reporter.stage('generating');
    for (let step = 1; step <= 50; step++) {
      reporter.progress(step, 50);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await reporter.flushed();
    await reporter.close();
    // 50 steps over about a second: the first stage, then one write per 250 ms, then the trailing one.
    expect(writes.length).toBeLessThanOrEqual(8);
    expect(writes.at(-1)!.report).toEqual({ stage: 'generating', step: 50, total: 50 });
    const steps = writes.map((write) => write.report.step ?? 0);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    // Between the first stage and the final flush, the writes keep their distance.
    for (let i = 2; i < writes.length - 1; i++) expect(writes[i]!.at - writes[i - 1]!.at).toBeGreaterThanOrEqual(240);
  });

  it('sends a change of stage at once, without waiting out the interval', async () => {
    const { writes, write } = recorder();
    const reporter = new ProgressReporter(
      write,
      () => undefined,
      () => undefined,
      10_000,
    );
    reporter.stage('planning');
    await reporter.flushed();
    reporter.stage('generating');
    await reporter.flushed();
    reporter.stage('saving');
    await reporter.flushed();
    expect(writes.map((write) => write.report.stage)).toEqual(['planning', 'generating', 'saving']);
  });

  it('calls onGone once when the job is no longer running, and writes nothing more', async () => {
    const { writes, write } = recorder(false);
    let gone = 0;
    const reporter = new ProgressReporter(
      write,
      () => (gone += 1),
      () => undefined,
      0,
    );
    reporter.stage('planning');
    await reporter.flushed();
    reporter.progress(1, 4);
    reporter.progress(2, 4);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(gone).toBe(1);
    expect(writes).toHaveLength(1);
  });

  it('shrinks a preview into a small JPEG before writing it', async () => {
    const sharp = (await import('sharp')).default;
    let written: Buffer | null = null;
    const reporter = new ProgressReporter(
      async (_report, preview) => {
        written = preview;
        return true;
      },
      () => undefined,
      () => undefined,
      0,
    );
    const big = await sharp({ create: { width: 1024, height: 768, channels: 3, background: { r: 200, g: 10, b: 10 } } })
      .png()
      .toBuffer();
    reporter.preview(big);
    await reporter.flushed();
    const meta = await sharp(written!).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 256, height: 192 });
  });
});
