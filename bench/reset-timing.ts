/**
 * Does a password reset's answer time tell whether an address has an account? The product runs
 * in a process of its own (bench/lib/product-server.ts) with SMTP_URL pointing at a relay that
 * takes BENCH_SMTP_DELAY_MS (150) to greet, as a relay across the internet does. Requests for
 * known and unknown addresses alternate, BENCH_RESETS (200) of each, every one from an address
 * of its own (TRUST_PROXY, X-Forwarded-For) so the per-address limits stay out of the way.
 * Reported: median, p90 and p99 of each, and the difference of the medians.
 *
 *   npm run bench:reset-timing        DATABASE_URL optional; BENCH_PRODUCT_DIR runs another checkout
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { scratchDatabaseOn } from '@test/server/scratch-database';
import { TestClient } from '@test/server/http-client';
import { BENCH_PASSWORD, percentile, sleep, startProductServer } from './lib/product-server';

const RESETS = Number(process.env.BENCH_RESETS ?? 200);
const SMTP_DELAY_MS = Number(process.env.BENCH_SMTP_DELAY_MS ?? 150);
const KNOWN_ACCOUNTS = 5;

/** A relay that greets after SMTP_DELAY_MS and accepts every mail. */
async function slowRelay(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect: (_session, callback) => void setTimeout(() => callback(), SMTP_DELAY_MS),
    onData: (stream, _session, callback) => {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const summary = (label: string, times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `${label}: median ${percentile(sorted, 50).toFixed(1)} ms, p90 ${percentile(sorted, 90).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`;
};

async function main() {
  const relay = await slowRelay();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-reset-bench-'));
  const scratch = process.env.DATABASE_URL ? await scratchDatabaseOn(process.env.DATABASE_URL) : undefined;
  const server = await startProductServer({
    dataDir,
    databaseUrl: scratch?.url,
    productDir: process.env.BENCH_PRODUCT_DIR,
    env: {
      SMTP_URL: relay.url,
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'error',
      ...(process.env.BENCH_WORKER ? { WORKER: process.env.BENCH_WORKER } : {}),
    },
  });
  let address = 0;
  const visitor = () => {
    const client = new TestClient(server.url);
    address += 1;
    client.headers['X-Forwarded-For'] = `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
    return client;
  };
  try {
    const known: string[] = [];
    for (let index = 0; index < KNOWN_ACCOUNTS; index++) {
      const email = `bench-reset-${index}-${Date.now().toString(36)}@example.test`;
      const signUp = await visitor().post('/api/auth/sign-up/email', { email, password: BENCH_PASSWORD, name: '' });
      if (signUp.status !== 200) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
      known.push(email);
    }
    // Let the sign-up mails go, then warm up both paths.
    await sleep(2_000);
    const timeReset = async (email: string) => {
      const started = performance.now();
      const response = await visitor().post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`reset: ${response.status}`);
      return performance.now() - started;
    };
    for (let warm = 0; warm < 10; warm++) await timeReset(warm % 2 ? known[0]! : `nobody-warm-${warm}@example.test`);

    const forKnown: number[] = [];
    const forUnknown: number[] = [];
    for (let index = 0; index < RESETS; index++) {
      forKnown.push(await timeReset(known[index % KNOWN_ACCOUNTS]!));
      forUnknown.push(await timeReset(`nobody-${index}-${Date.now().toString(36)}@example.test`));
    }
    console.log(`${RESETS} resets each, relay greeting after ${SMTP_DELAY_MS} ms`);
    console.log(summary('known address  ', forKnown));
    console.log(summary('unknown address', forUnknown));
    const median = (times: number[]) =>
      percentile(
        [...times].sort((a, b) => a - b),
        50,
      );
    console.log(`difference of the medians: ${(median(forKnown) - median(forUnknown)).toFixed(1)} ms`);
  } finally {
    await server.stop();
    await relay.close();
    await scratch?.drop?.();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
