/**
 * Fair use under a burst of decompression bombs: one user posts 185 PNGs of 39.7 MP (39 KB each,
 * 7296 × 5440 greyscale zeros) within 20 s while another user keeps reading their sessions list.
 * Reported: the other user's latency idle, during the burst and in the 20 s after it, and what
 * the burst's uploads were answered. Target: the p50 during the burst within 2× the idle p50.
 *
 * The server runs as `npm start` runs it, in a process of its own (API only; embedded Postgres in a
 * temporary directory, or a scratch database on DATABASE_URL), so the benchmark's own clients do
 * not share its event loop.
 *
 *   npm run bench:upload-burst        BENCH_BOMBS, BENCH_BURST_SECONDS change the burst
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pixelFloodPng } from '@test/server/uploads';
import { newUser, sleep, startProductServer } from './lib/product-server';
import { type TestClient } from '@test/server/http-client';
import { scratchDatabaseOn } from '@test/server/scratch-database';

const BOMBS = Number(process.env.BENCH_BOMBS ?? 185);
const BURST_MS = Number(process.env.BENCH_BURST_SECONDS ?? 20) * 1000;
/** The reader's pace: one sessions list every 50 ms, as a busy page polling would. */
const READ_INTERVAL_MS = 50;
const IDLE_MS = 15_000;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

interface Sample {
  at: number;
  ms: number;
  status: number;
}

/** The other user reads their sessions list at a steady pace until `until` says stop. */
async function readSessionsUntil(reader: TestClient, until: () => boolean): Promise<Sample[]> {
  const samples: Sample[] = [];
  while (!until()) {
    const started = performance.now();
    const response = await reader.get('/api/sessions');
    await response.arrayBuffer();
    samples.push({ at: started, ms: performance.now() - started, status: response.status });
    await sleep(READ_INTERVAL_MS);
  }
  return samples;
}

function summary(samples: Sample[]): string {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const failed = samples.filter((s) => s.status !== 200).length;
  return `${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 90).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} | ${samples.length}${failed ? ` (${failed} not 200)` : ''}`;
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-bench-burst-'));
  const scratch = process.env.DATABASE_URL ? await scratchDatabaseOn(process.env.DATABASE_URL) : undefined;
  const server = await startProductServer({
    dataDir,
    databaseUrl: scratch?.url,
    env: { LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? 'error' },
    showLog: true,
  });
  try {
    const [attacker, reader] = [(await newUser(server.url, 'burst')).client, (await newUser(server.url, 'reader')).client];
    for (let i = 0; i < 8; i++) await reader.post('/api/sessions', { session_name: `Session ${i + 1}` });
    const bomb = pixelFloodPng(7296, 5440, 8);

    // Warm-up, then the idle baseline.
    const warmUpEnd = performance.now() + 3_000;
    await readSessionsUntil(reader, () => performance.now() > warmUpEnd);
    const idleEnd = performance.now() + IDLE_MS;
    const idle = await readSessionsUntil(reader, () => performance.now() > idleEnd);

    // The burst: evenly spread, each sent without waiting for the ones before.
    const burstStart = performance.now();
    const answers: Array<Promise<number>> = [];
    let lastAnswer = 0;
    const sending = (async () => {
      for (let i = 0; i < BOMBS; i++) {
        await sleep(Math.max(0, burstStart + (i * BURST_MS) / BOMBS - performance.now()));
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(bomb)], { type: 'image/png' }), `bomb-${i}.png`);
        answers.push(
          attacker.request('/api/uploads', { method: 'POST', body: form }).then(
            async (response) => {
              await response.arrayBuffer();
              lastAnswer = performance.now() - burstStart;
              return response.status;
            },
            () => {
              lastAnswer = performance.now() - burstStart;
              return 0;
            },
          ),
        );
      }
    })();
    const afterEnd = burstStart + 2 * BURST_MS;
    const reads = await readSessionsUntil(reader, () => performance.now() > afterEnd);
    await sending;
    const statuses = await Promise.all(answers);

    const during = reads.filter((s) => s.at < burstStart + BURST_MS);
    const after = reads.filter((s) => s.at >= burstStart + BURST_MS);
    const counts = new Map<number, number>();
    for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);

    console.log(
      `${BOMBS} uploads of a ${(bomb.length / 1024).toFixed(1)} KB, 7296×5440 PNG in ${BURST_MS / 1000} s; ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}, Node ${process.version}`,
    );
    console.log(
      `burst answered: ${[...counts].map(([status, n]) => `${n}× ${status || 'network error'}`).join(', ')}; the last after ${(lastAnswer / 1000).toFixed(1)} s`,
    );
    console.log('| reader, GET /api/sessions | p50 ms | p90 ms | p99 ms | requests |');
    console.log('| --- | --- | --- | --- | --- |');
    console.log(`| idle | ${summary(idle)} |`);
    console.log(`| during the burst (0-${BURST_MS / 1000} s) | ${summary(during)} |`);
    console.log(`| after it (${BURST_MS / 1000}-${(2 * BURST_MS) / 1000} s) | ${summary(after)} |`);
    const ratio =
      percentile(
        during.map((s) => s.ms).sort((a, b) => a - b),
        50,
      ) /
      percentile(
        idle.map((s) => s.ms).sort((a, b) => a - b),
        50,
      );
    console.log(`p50 during the burst / idle p50: ${ratio.toFixed(2)}× (target: at most 2×)`);
  } finally {
    await server.stop();
    await scratch?.drop?.();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
