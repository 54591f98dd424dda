/**
 * Realtime under load across API processes: 200 Server-Sent-Events clients
 * spread over two API processes while 50 messages a second are sent for 60 s, half through each
 * process. Every message is an event for the 4 clients watching its session (2 on each process),
 * delivered through Postgres NOTIFY whichever process stored it. Reported: events expected,
 * delivered, lost and duplicated (target 0 and 0), delivery latency (from the moment the sender
 * began the POST to the moment a client read the event) and, afterwards, the hot reads' requests
 * per second with one API process and with two (autocannon, 100 connections in all).
 *
 * Everything runs on loopback: two `npm start`-style API processes (WORKER=off, one Postgres:
 * a scratch database on DATABASE_URL, else an embedded one in a temporary directory) and this
 * process as the clients. On a shared 2-core machine the clients compete with the servers for CPU.
 *
 *   npm run bench:sse-load         SSE_LOAD_SECONDS (60), SSE_LOAD_RATE (50 msg/s),
 *                                  SSE_LOAD_CLIENTS (200), HOT_READS_SECONDS (10)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { TestClient } from '@test/server/http-client';
import { scratchDatabaseOn } from '@test/server/scratch-database';
import { createDb, runMigrations } from '../src/server/db/client';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres';
import { createLogger } from '../src/server/lib/logger';
import { findFreePort } from '../src/server/lib/free-port';
import { BENCH_PASSWORD, newUser } from './lib/product-server';

const SECONDS = Number(process.env.SSE_LOAD_SECONDS ?? 60);
const RATE = Number(process.env.SSE_LOAD_RATE ?? 50);
const CLIENTS = Number(process.env.SSE_LOAD_CLIENTS ?? 200);
const HOT_READS_SECONDS = Number(process.env.HOT_READS_SECONDS ?? 10);
/** 4 clients per session (2 per process): 50 sessions for 200 clients, of 10 users. */
const CLIENTS_PER_SESSION = 4;
const USERS = 10;
/** Streams opened at once while connecting. */
const OPEN_WAVE = 20;
/** After the last send, events still on their way get this long to arrive before the count. */
const GRACE_MS = 10_000;
const AUTH_SECRET = 'bench-sse-load-secret-of-at-least-32-chars';
const root = path.resolve(import.meta.dirname, '..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface ApiProcess {
  url: string;
  child: ChildProcess;
}

async function startApi(port: number, appUrl: string, dataDir: string, databaseUrl: string): Promise<ApiProcess> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: appUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET,
      WORKER: 'off',
      SERVE_WEB: 'false',
      // Each bench user signs up from an address of its own (X-Forwarded-For), as real users do.
      TRUST_PROXY: 'true',
      // Ten users hold every stream and send every message: the per-user caps are not what is measured.
      EVENT_STREAMS_PER_USER: String(Math.max(20, CLIENTS)),
      RATE_LIMIT_MESSAGES_PER_MINUTE: '100000',
      LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? 'error',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`the API process exited with ${child.exitCode}`);
    if (attempt > 900) throw new Error('the API process did not start in 90 s');
    if (
      await fetch(`${url}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(100);
  }
  return { url, child };
}

async function stopApi(api: ApiProcess): Promise<void> {
  if (api.child.exitCode !== null) return;
  const exited = new Promise((resolve) => api.child.once('exit', resolve));
  api.child.kill('SIGTERM');
  await exited;
}

interface BenchUser {
  client: TestClient;
  email: string;
}

/** What one event-stream client saw: when each message.created event arrived (several times = duplicated). */
interface StreamClient {
  sessionId: string;
  receipts: Map<string, number[]>;
  ready: Promise<void>;
  close(): void;
}

/** How many times a client tries to open its stream, as the app's own reconnect would (2 s apart). */
const OPEN_ATTEMPTS = 10;
const REOPEN_DELAY_MS = 2_000;

function openStream(client: TestClient, url: string, sessionId: string, stats: { reopened: number }): StreamClient {
  const receipts = new Map<string, number[]>();
  const abort = new AbortController();
  let markReady!: () => void;
  let markFailed!: (error: Error) => void;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    markFailed = reject;
  });
  void (async () => {
    let response: Response | undefined;
    for (let attempt = 1; attempt <= OPEN_ATTEMPTS; attempt++) {
      response = await client.request(`${url}/api/sessions/${sessionId}/events`, { signal: abort.signal });
      if (response.ok && response.body) break;
      await response.arrayBuffer();
      stats.reopened++;
      await sleep(REOPEN_DELAY_MS);
    }
    if (!response?.ok || !response.body) throw new Error(`event stream: ${response?.status} after ${OPEN_ATTEMPTS} attempts`);
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      const now = performance.now();
      buffer += value;
      let boundary: number;
      while ((boundary = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, boundary);
        buffer = buffer.slice(boundary + 2);
        const event = /^event: ?(.*)$/m.exec(block)?.[1];
        const data = /^data: ?(.*)$/m.exec(block)?.[1];
        if (event === 'ready') markReady();
        if (event === 'message' && data) {
          const parsed = JSON.parse(data) as { id: string; type: string };
          if (parsed.type !== 'message.created') continue;
          const list = receipts.get(parsed.id) ?? [];
          list.push(now);
          receipts.set(parsed.id, list);
        }
      }
    }
  })().catch((error: unknown) => {
    if (abort.signal.aborted) return;
    console.error('an event stream failed:', error);
    markFailed(error instanceof Error ? error : new Error(String(error)));
  });
  return { sessionId, receipts, ready, close: () => abort.abort() };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function hotReads(targets: { url: string; connections: number }[], headers: Record<string, string>, pathname: string) {
  const results = await Promise.all(
    targets.map(({ url, connections }) => autocannon({ url: `${url}${pathname}`, connections, duration: HOT_READS_SECONDS, headers })),
  );
  return {
    requestsPerSecond: results.reduce((sum, result) => sum + result.requests.average, 0),
    p99Ms: Math.max(...results.map((result) => result.latency.p99)),
    non2xx: results.reduce((sum, result) => sum + result.non2xx + result.errors, 0),
  };
}

async function main() {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-bench-sse-'));
  const logger = createLogger('warn');
  const embedded = process.env.DATABASE_URL ? undefined : await startEmbeddedPostgres(path.join(tempDir, 'pg'), logger);
  const scratch = process.env.DATABASE_URL ? await scratchDatabaseOn(process.env.DATABASE_URL) : undefined;
  const databaseUrl = scratch?.url ?? embedded!.url;
  // Migrated once here, so the two processes start on a ready schema.
  const db = createDb(databaseUrl, { max: 1 });
  await runMigrations(db);
  await db.$client.end();

  const [port1, port2] = [await findFreePort(), await findFreePort()];
  // One public address for both, as behind a load balancer: cookies and origin checks agree.
  const appUrl = `http://127.0.0.1:${port1}`;
  const apis: ApiProcess[] = [];
  const streams: StreamClient[] = [];
  try {
    apis.push(await startApi(port1, appUrl, path.join(tempDir, 'api1'), databaseUrl));
    apis.push(await startApi(port2, appUrl, path.join(tempDir, 'api2'), databaseUrl));
    const [api1, api2] = apis as [ApiProcess, ApiProcess];

    const users: BenchUser[] = [];
    for (let i = 0; i < USERS; i++)
      users.push(await newUser(api1.url, `sse-${i}`, { origin: appUrl, forwardedFor: `198.51.100.${i + 1}` }));
    const sessionCount = Math.ceil(CLIENTS / CLIENTS_PER_SESSION);
    const sessions: { id: string; owner: BenchUser }[] = [];
    for (let i = 0; i < sessionCount; i++) {
      const owner = users[i % USERS]!;
      const response = await owner.client.post('/api/sessions', { session_name: `Load ${i + 1}` });
      if (response.status !== 201) throw new Error(`create session: ${response.status}`);
      sessions.push({ id: ((await response.json()) as { id: string }).id, owner });
    }

    // The clients: for every session, half its watchers on each process. They connect in waves,
    // as browsers arrive, not all in one instant (which would only measure the pool's queue).
    const openStats = { reopened: 0 };
    const connectStart = performance.now();
    for (let i = 0; i < CLIENTS; i += OPEN_WAVE) {
      const wave: StreamClient[] = [];
      for (let j = i; j < Math.min(CLIENTS, i + OPEN_WAVE); j++) {
        const session = sessions[j % sessionCount]!;
        const api = Math.floor(j / sessionCount) % 2 === 0 ? api1 : api2;
        wave.push(openStream(session.owner.client, api.url, session.id, openStats));
      }
      streams.push(...wave);
      await Promise.all(wave.map((stream) => stream.ready));
    }
    console.log(
      `streams opened in ${((performance.now() - connectStart) / 1000).toFixed(1)} s (${openStats.reopened} answers other than 200 retried)`,
    );
    const watchers = new Map<string, StreamClient[]>();
    for (const stream of streams) watchers.set(stream.sessionId, [...(watchers.get(stream.sessionId) ?? []), stream]);
    console.log(
      `${CLIENTS} event streams open (${sessionCount} sessions × ${CLIENTS_PER_SESSION}, half on each of 2 API processes); sending ${RATE} msg/s for ${SECONDS} s`,
    );

    // The load: messages at a steady pace, alternately through each process, each sent without waiting for the ones before.
    const sent: { id: string; sessionId: string; sentAt: number; answeredAt: number }[] = [];
    let failedSends = 0;
    const failedStatuses = new Map<number, number>();
    const sendLatencies: number[] = [];
    const total = SECONDS * RATE;
    const start = performance.now();
    const inFlight: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      await sleep(Math.max(0, start + (i * 1000) / RATE - performance.now()));
      const session = sessions[i % sessionCount]!;
      const api = i % 2 === 0 ? api1 : api2;
      const sentAt = performance.now();
      inFlight.push(
        session.owner.client
          .request(`${api.url}/api/messages`, {
            method: 'POST',
            json: { session_id: session.id, content_text: `load message ${i}`, file_ids: [], request_reply: false },
          })
          .then(
            async (response) => {
              if (response.status !== 201) {
                failedSends++;
                failedStatuses.set(response.status, (failedStatuses.get(response.status) ?? 0) + 1);
                await response.arrayBuffer();
                return;
              }
              const { message } = (await response.json()) as { message: { id: string } };
              const answeredAt = performance.now();
              sendLatencies.push(answeredAt - sentAt);
              sent.push({ id: message.id, sessionId: session.id, sentAt, answeredAt });
            },
            () => void failedSends++,
          ),
      );
    }
    await Promise.all(inFlight);
    const sendingSeconds = (performance.now() - start) / 1000;
    // Wait until everything expected arrived, or the grace ran out.
    const expectedTotal = sent.reduce((sum, message) => sum + (watchers.get(message.sessionId)?.length ?? 0), 0);
    const deliveredUnique = () => streams.reduce((sum, stream) => sum + stream.receipts.size, 0);
    const graceEnd = performance.now() + GRACE_MS;
    while (deliveredUnique() < expectedTotal && performance.now() < graceEnd) await sleep(100);

    let delivered = 0;
    let duplicated = 0;
    let lost = 0;
    const latencies: number[] = [];
    /** From the POST's answer (the message committed) to the client: the realtime path alone. */
    const afterCommit: number[] = [];
    for (const message of sent) {
      for (const stream of watchers.get(message.sessionId) ?? []) {
        const receipts = stream.receipts.get(message.id);
        if (!receipts) {
          lost++;
          continue;
        }
        delivered++;
        duplicated += receipts.length - 1;
        latencies.push(receipts[0]! - message.sentAt);
        afterCommit.push(receipts[0]! - message.answeredAt);
      }
    }
    latencies.sort((a, b) => a - b);
    afterCommit.sort((a, b) => a - b);
    sendLatencies.sort((a, b) => a - b);
    for (const stream of streams) stream.close();

    console.log('\n| measure | value |\n| --- | --- |');
    const statuses = [...failedStatuses].map(([status, count]) => `${count}× ${status}`).join(', ');
    console.log(
      `| messages sent (201) / refused | ${sent.length} / ${failedSends}${statuses ? ` (${statuses})` : ''} in ${sendingSeconds.toFixed(1)} s (${(sent.length / sendingSeconds).toFixed(1)} msg/s stored) |`,
    );
    console.log(`| events expected | ${expectedTotal} |`);
    console.log(`| events delivered | ${delivered} |`);
    console.log(`| lost | ${lost} |`);
    console.log(`| duplicated | ${duplicated} |`);
    console.log(
      `| delivery latency p50 / p99 / max | ${percentile(latencies, 50).toFixed(1)} / ${percentile(latencies, 99).toFixed(1)} / ${latencies.at(-1)?.toFixed(1)} ms |`,
    );
    console.log(
      `| from the POST's answer to the client p50 / p99 | ${percentile(afterCommit, 50).toFixed(1)} / ${percentile(afterCommit, 99).toFixed(1)} ms (negative: the event arrived before the answer) |`,
    );
    console.log(
      `| POST /api/messages latency p50 / p99 | ${percentile(sendLatencies, 50).toFixed(1)} / ${percentile(sendLatencies, 99).toFixed(1)} ms |`,
    );

    // Hot reads: a session's messages (the chat's read), as a signed-in user with a Bearer token.
    const reader = sessions[0]!;
    const signIn = await new TestClient(api1.url, appUrl).post('/api/auth/sign-in/bearer', {
      email: reader.owner.email,
      password: BENCH_PASSWORD,
    });
    const { token } = (await signIn.json()) as { token: string };
    const headers = { Authorization: `Bearer ${token}` };
    const pathname = `/api/sessions/${reader.id}/messages`;
    const one = await hotReads([{ url: api1.url, connections: 100 }], headers, pathname);
    const two = await hotReads(
      [
        { url: api1.url, connections: 50 },
        { url: api2.url, connections: 50 },
      ],
      headers,
      pathname,
    );
    console.log(`\nHot reads: GET /api/sessions/:id/messages (50 messages), 100 connections, ${HOT_READS_SECONDS} s each\n`);
    console.log('| API processes | requests/s | p99 latency | not 2xx |\n| --- | --- | --- | --- |');
    console.log(`| 1 | ${one.requestsPerSecond.toFixed(0)} | ${one.p99Ms} ms | ${one.non2xx} |`);
    console.log(`| 2 | ${two.requestsPerSecond.toFixed(0)} | ${two.p99Ms} ms | ${two.non2xx} |`);
    console.log(
      `\n(${os.cpus().length} cores: ${os.cpus()[0]?.model ?? 'unknown'}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
    );
  } finally {
    for (const stream of streams) stream.close();
    await Promise.all(apis.map(stopApi));
    await scratch?.drop?.();
    await embedded?.stop();
    await rm(tempDir, { recursive: true, force: true });
  }
}

await main();
