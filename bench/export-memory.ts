/**
 * "Download my data" must be built without holding everything in memory. One user with
 * BENCH_FILES stored images of BENCH_FILE_MB each (random bytes: incompressible, like photos),
 * their rows, one session; the zip is downloaded over HTTP and thrown away as it arrives, while
 * the process's resident memory is sampled every 20 ms. Reported: the zip's size, the time, and
 * the peak RSS above the idle baseline — which should stay flat however much the user has.
 *
 * The server runs in this process (the client only counts bytes), so the figure is an upper bound
 * for the server alone. Needs DATABASE_URL (a scratch database is made on it).
 *
 *   DATABASE_URL=postgres://… npx tsx bench/export-memory.ts      BENCH_FILES (200), BENCH_FILE_MB (2)
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { userFiles } from '../src/server/db/schema';
import { loadConfig } from '../src/server/lib/env';
import { createLogger } from '../src/server/lib/logger';
import { startServer } from '../src/server/start-server';
import { scratchDatabaseOn } from '@test/server/scratch-database';
import { signedInUser } from '@test/server/signed-in-user';

const FILES = Number(process.env.BENCH_FILES ?? 200);
const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 2);
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

async function main() {
  if (!process.env.DATABASE_URL) throw new Error('set DATABASE_URL (a scratch database is made on it)');
  const scratch = await scratchDatabaseOn(process.env.DATABASE_URL);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-export-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: scratch.url,
    LOG_LEVEL: 'error',
    WORKER: 'off',
  });
  const server = await startServer({ config, logger: createLogger(config.logLevel) });
  try {
    const client = await signedInUser(server);
    const bytes = randomBytes(FILE_MB * 1024 * 1024);
    for (let index = 0; index < FILES; index++) {
      const id = randomUUID();
      const key = `public/${client.userId}/uploaded-photos/${index}-photo-${index}.jpg`;
      await server.deps.storage.put(key, bytes);
      await server.deps.db.insert(userFiles).values({
        id,
        userId: client.userId,
        originalFilename: `photo-${index}.jpg`,
        storedFilename: key,
        fileUrl: `/api/files/${id}`,
        mimeType: 'image/jpeg',
        fileSizeBytes: bytes.length,
        verifiedEnum: 'approved',
      });
    }
    global.gc?.();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);

    const started = performance.now();
    const response = await client.get('/api/account/export');
    if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}`);
    let received = 0;
    const reader = response.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) received += part.value.byteLength;
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);

    const stored = FILES * bytes.length;
    console.log(`files: ${FILES} × ${FILE_MB} MB = ${mb(stored)} MB stored`);
    console.log(`zip: ${mb(received)} MB in ${seconds.toFixed(1)} s (${mb(received / seconds)} MB/s)`);
    console.log(
      `rss: baseline ${mb(baseline)} MB, peak ${mb(peak)} MB, growth ${mb(peak - baseline)} MB (${((100 * (peak - baseline)) / stored).toFixed(1)}% of the data)`,
    );
  } finally {
    await server.stop();
    await scratch.drop?.();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
