/**
 * How long after a restart every job interrupted by a killed server is settled (target:
 * under 60 s). The real server runs as `npm start` runs it (a child process, workers inline,
 * IMAGE_ENGINE=openai against a local server that speaks OpenAI's API), with JOBS paid 4-image
 * generations in flight; it is killed with SIGKILL while every job's image call is pending, and
 * started again at once. Measured: from the new process's spawn until every agent job is
 * completed or failed (refunded), and from its first healthy answer.
 *
 * Three cases: the kill hits each generation's first try (the job must be resumed: tried again),
 * its last try (the job must be settled: one refund and a failure reply), and the check of JOBS
 * uploaded photos (each must be verified before the client's 30 s of polling runs out).
 *
 *   npm run bench:restart            (embedded Postgres in a temporary directory)
 *   DATABASE_URL=… npm run bench:restart
 *   BENCH_JOBS=10 BENCH_RUNS=3 BENCH_CASES=first,last,upload …
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, runMigrations } from '../src/server/db/client';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres';
import { createLogger } from '../src/server/lib/logger';
import { startFakeOpenAi } from '@test/server/fake-openai-server';
import { fixture } from '@test/server/images';
import { scratchDatabaseOn } from '@test/server/scratch-database';
import { until } from '@test/server/until';

const JOBS = Number(process.env.BENCH_JOBS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PASSWORD = 'Bench-passw0rd';
const root = path.resolve(import.meta.dirname, '..');
const logger = createLogger('warn');

const tempDir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-bench-restart-'));
const embedded = process.env.DATABASE_URL ? undefined : await startEmbeddedPostgres(path.join(tempDir, 'pg'), logger);
const serverUrl = process.env.DATABASE_URL ?? embedded!.url;
const openai = await startFakeOpenAi();
openai.onChat((request) =>
  (request.response_format as { json_schema?: { name?: string } } | undefined)?.json_schema?.name === 'upload_review'
    ? { approved: true, reason: null, suggestions: [{ title: 'Warmer', description: 'Give it warm evening light.' }] }
    : {
        intent: 'generate',
        sourceImages: 'none',
        instruction: 'A lighthouse at dusk',
        imageCount: 4,
        aspectRatio: 'unchanged',
        style: null,
      },
);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

interface Server {
  child: ChildProcess;
  spawnedAt: number;
  readyAt: Promise<number>;
}

function startServer(env: Record<string, string>, port: number): Server {
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'ignore',
  });
  const readyAt = (async () => {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now();
      if (child.exitCode !== null) throw new Error('the server exited before it was ready');
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  return { child, spawnedAt, readyAt };
}

/** A signed-in user (signed up over HTTP, confirmed in the database) as a cookie. */
async function signedIn(baseUrl: string, db: pg.Pool, index: number): Promise<string> {
  const email = `bench-${Date.now()}-${index}@example.test`;
  // Each user its own address, as different people are (the sign-in limits count per address).
  const headers = {
    'Content-Type': 'application/json',
    Origin: baseUrl,
    'X-Forwarded-For': `198.18.${Math.floor(index / 250)}.${index % 250}`,
  };
  await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: PASSWORD, name: '' }),
  });
  await db.query(`update "user" set email_verified = true, terms_accepted_at = now() where email = $1`, [email]);
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  return signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const imageCalls = () => openai.received.filter((r) => r.path === '/images/generations').length;

type Case = 'first' | 'last' | 'upload';

async function runOnce(interrupted: Case) {
  const scratch = await scratchDatabaseOn(serverUrl);
  const migrating = createDb(scratch.url, { max: 1 });
  await runMigrations(migrating);
  await migrating.$client.end();
  const db = new pg.Pool({ connectionString: scratch.url, max: 2 });
  const dataDir = await mkdtemp(path.join(tempDir, 'data-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    NODE_ENV: 'development',
    SERVE_WEB: 'false',
    LOG_LEVEL: 'warn',
    DATABASE_URL: scratch.url,
    DATA_DIR: dataDir,
    APP_URL: baseUrl,
    TRUST_PROXY: 'true',
    IMAGE_ENGINE: 'openai',
    OPENAI_BASE_URL: openai.baseUrl,
    OPENAI_API_KEY: 'sk-bench',
    FREE_GENERATIONS: '1000',
  };
  openai.reset();
  // The interrupted try's image call never answers (until the kill).
  openai.setImageTime(600_000);
  if (interrupted === 'last') {
    // The first two tries of every job fail at once (the engine's 500), the third hangs.
    const failure = { status: 500, body: { error: { message: 'The server had an error', type: 'server_error' } } };
    openai.script('/images/generations', ...Array.from({ length: 2 * JOBS }, () => failure));
  }

  const first = startServer(env, port);
  await first.readyAt;
  const cookies = await Promise.all(Array.from({ length: JOBS }, (_, index) => signedIn(baseUrl, db, index)));
  if (interrupted === 'upload') {
    // Each photo's moderation call never answers (until the kill).
    openai.script('/moderations', ...Array.from({ length: JOBS }, () => ({ status: 200, delayMs: 600_000 })));
    await Promise.all(cookies.map((cookie) => upload(baseUrl, cookie)));
    await until(
      `${JOBS} moderation calls`,
      async () => (openai.received.filter((r) => r.path === '/moderations').length >= JOBS ? true : undefined),
      180_000,
    );
  } else {
    await Promise.all(cookies.map((cookie) => sendPaidRequest(baseUrl, cookie)));
    const hangingCalls = interrupted === 'first' ? JOBS : 3 * JOBS;
    await until(`${hangingCalls} image calls`, async () => (imageCalls() >= hangingCalls ? true : undefined), 180_000);
  }

  first.child.kill('SIGKILL');
  await new Promise((resolve) => first.child.once('exit', resolve));
  openai.setImageTime(0);

  const second = startServer(env, port);
  const readyAt = await second.readyAt;
  const unsettled =
    interrupted === 'upload'
      ? `select count(*) as open from user_files where verified_enum = 'pending'`
      : `select count(*) as open from agent_jobs where status not in ('completed', 'failed')`;
  const settledAt = await until(
    'every job to settle',
    async () => {
      const { rows } = await db.query<{ open: string }>(unsettled);
      return Number(rows[0]!.open) === 0 ? performance.now() : undefined;
    },
    180_000,
  );
  const outcome = interrupted === 'upload' ? await uploadOutcome(db) : await generationOutcome(db);
  second.child.kill('SIGTERM');
  await new Promise((resolve) => second.child.once('exit', resolve));
  await db.end();
  await scratch.drop?.();
  return {
    fromSpawnS: (settledAt - second.spawnedAt) / 1000,
    fromReadyS: (settledAt - readyAt) / 1000,
    startupS: (readyAt - second.spawnedAt) / 1000,
    outcome,
  };
}

async function sendPaidRequest(baseUrl: string, cookie: string) {
  const sent = await fetch(`${baseUrl}/api/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: baseUrl, Cookie: cookie },
    body: JSON.stringify({ session_id: 'new', content_text: 'four versions of a lighthouse at dusk', request_reply: true }),
  });
  if (sent.status !== 201) throw new Error(`sending failed: ${sent.status} ${await sent.text()}`);
}

async function upload(baseUrl: string, cookie: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(fixture('photos/Landscape_1.jpg'))], { type: 'image/jpeg' }), 'Landscape_1.jpg');
  const sent = await fetch(`${baseUrl}/api/uploads`, { method: 'POST', headers: { Origin: baseUrl, Cookie: cookie }, body: form });
  if (sent.status !== 201) throw new Error(`upload failed: ${sent.status} ${await sent.text()}`);
}

async function generationOutcome(db: pg.Pool): Promise<string> {
  const { rows } = await db.query<{ status: string; count: string }>(
    `select status, count(*) from agent_jobs group by status order by status`,
  );
  const { rows: refunds } = await db.query<{ count: string }>(`select count(*) from ledger_entries where kind = 'refund'`);
  return `${rows.map((row) => `${row.count} ${row.status}`).join(', ')}; ${refunds[0]!.count} refunds`;
}

async function uploadOutcome(db: pg.Pool): Promise<string> {
  const { rows } = await db.query<{ verified_enum: string; count: string }>(
    `select verified_enum, count(*) from user_files group by verified_enum order by verified_enum`,
  );
  return rows.map((row) => `${row.count} ${row.verified_enum}`).join(', ');
}

try {
  const cases = (process.env.BENCH_CASES?.split(',') ?? ['first', 'last', 'upload']) as Case[];
  const labels: Record<Case, string> = { first: "generations' first try", last: "generations' last try", upload: "uploads' check" };
  for (const interrupted of cases) {
    for (let run = 1; run <= RUNS; run++) {
      const result = await runOnce(interrupted);
      console.log(
        `killed during the ${labels[interrupted]}, run ${run}: all ${JOBS} settled ${result.fromSpawnS.toFixed(1)} s after the restart ` +
          `(${result.fromReadyS.toFixed(1)} s after it answered health, startup ${result.startupS.toFixed(1)} s) — ${result.outcome}`,
      );
    }
  }
} finally {
  await openai.close();
  await embedded?.stop();
  await rm(tempDir, { recursive: true, force: true });
}
// The fake engine's unanswered calls would keep their timers for minutes.
process.exit(0);
