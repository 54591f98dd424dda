/**
 * The product as the benchmarks run it: `npm start`'s entry in a process of its own (API only,
 * a scratch database on DATABASE_URL or embedded Postgres in a temporary directory), so the
 * benchmark's own clients do not share its event loop; and users made the way the product makes
 * them (sign-up, the link from the dev mailbox, the terms).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { findFreePort } from '../../src/server/lib/free-port';
import { TestClient } from '@test/server/http-client';

const root = path.resolve(import.meta.dirname, '../..');
export const BENCH_PASSWORD = 'Bench-passw0rd';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ProductServer {
  url: string;
  stop: () => Promise<void>;
}

/**
 * `productDir` runs another checkout of the product (BENCH_PRODUCT_DIR: the "before" of a change,
 * e.g. `git worktree add /tmp/before <commit>`) against this benchmark.
 */
export async function startProductServer(options: {
  dataDir: string;
  databaseUrl: string | undefined;
  env?: Record<string, string>;
  nodeArgs?: string[];
  productDir?: string;
  showLog?: boolean;
}): Promise<ProductServer> {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'src/server/main.ts'], {
    cwd: options.productDir ?? root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: options.dataDir,
      SERVE_WEB: 'false',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      ...options.env,
    },
    // The request log goes where production's goes (a pipe or a file), not to this terminal,
    // unless the benchmark shows it (at a level of its choosing).
    stdio: ['ignore', options.showLog ? 'inherit' : 'ignore', 'inherit'],
  });
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (attempt > 600) throw new Error('the server did not start in 60 s');
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(100);
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The product's job worker (`npm run worker`) beside an API started with WORKER=off, for the
 * benchmark's setup: the account mails leave through the job queue, so signing users up needs a
 * worker. Stopped before the load, which then meets the API alone.
 */
export function startProductWorker(options: { dataDir: string; databaseUrl: string; env?: Record<string, string>; productDir?: string }): {
  stop: () => Promise<void>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/worker.ts'], {
    cwd: options.productDir ?? root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl,
      LOG_LEVEL: 'error',
      ...options.env,
      // A metrics port the API may hold already is not the worker's to open.
      WORKER_METRICS_PORT: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return {
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A user as the product makes one — sign-up, the link from the dev mailbox, the terms — signed in.
 * `origin` is the APP_URL the server checks requests against when it differs from `url`;
 * `forwardedFor` gives the user an address of their own for the per-address sign-up limit.
 */
export async function newUser(
  url: string,
  tag: string,
  options: { origin?: string; forwardedFor?: string } = {},
): Promise<{ client: TestClient; userId: string; email: string }> {
  const email = `bench-${tag}-${Date.now().toString(36)}@example.test`;
  const client = new TestClient(url, options.origin ?? url);
  if (options.forwardedFor) client.headers['X-Forwarded-For'] = options.forwardedFor;
  const signUp = await client.post('/api/auth/sign-up/email', { email, password: BENCH_PASSWORD, name: '' });
  if (signUp.status !== 200) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  let link: string | undefined;
  for (let attempt = 0; !link && attempt < 100; attempt++) {
    const { mails } = (await (await client.get('/api/dev/mailbox')).json()) as { mails: Array<{ to: string; text: string }> };
    link = /https?:\/\/\S+\/api\/auth\/verify-email\S*/.exec(mails.find((mail) => mail.to === email)?.text ?? '')?.[0];
    if (!link) await sleep(100);
  }
  if (!link) throw new Error(`no confirmation mail to ${email}`);
  const confirmUrl = new URL(link);
  await client.get(`${confirmUrl.pathname}${confirmUrl.search}`);
  const accepted = await client.post('/api/me/accept-terms', { accepted: true });
  if (accepted.status !== 200) throw new Error(`accept-terms: ${accepted.status}`);
  const { id } = (await accepted.json()) as { id: string };
  return { client, userId: id, email };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
