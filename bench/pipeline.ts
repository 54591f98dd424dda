/**
 * Pipeline overhead of a generation: the time from POST /api/chat to the server-sent event that
 * says the reply has its images, minus the time spent inside the engine (a local server that
 * speaks OpenAI's API and answers at once; its own handling time is subtracted). Measured at 1 and
 * at 20 concurrent sessions. Target: median under 50 ms.
 *
 *   npm run bench:pipeline            (embedded Postgres in a temporary directory)
 *   DATABASE_URL=… npm run bench:pipeline
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/lib/env';
import { createLogger } from '../src/server/lib/logger';
import { startServer } from '../src/server/start-server';
import { startFakeOpenAi } from '../src/server/test/fake-openai-server';

const ROUNDS_PER_SESSION = Number(process.env.BENCH_ROUNDS ?? 15);
const PASSWORD = 'Bench-passw0rd';

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-bench-'));
const openai = await startFakeOpenAi();
openai.onChat(() => ({ intent: 'generate', sourceImages: 'none', instruction: 'A small test picture', imageCount: 1, aspectRatio: 'unchanged', style: null }));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  PORT: '0',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  IMAGE_ENGINE: 'openai',
  OPENAI_BASE_URL: openai.baseUrl,
  OPENAI_API_KEY: 'sk-bench',
  FREE_GENERATIONS: '1000',
});
const server = await startServer({ config, logger: createLogger('silent') });
const origin = config.appUrl;

interface Session {
  cookie: string;
  sessionId: string;
  events: { type: string; id: string; at: number }[];
  close(): void;
}

async function openSession(index: number): Promise<Session> {
  const email = `bench-${Date.now()}-${index}@example.test`;
  await server.deps.auth.api.signUpEmail({ body: { email, password: PASSWORD, name: '' } });
  await server.deps.db.execute(sql`update "user" set email_verified = true, terms_accepted_at = now() where email = ${email}`);
  const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin }, body: JSON.stringify({ email, password: PASSWORD }) });
  const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const created = (await (await fetch(`${server.url}/api/sessions`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: cookie }, body: '{}' })).json()) as { id: string };
  const events: Session['events'] = [];
  const controller = new AbortController();
  const stream = await fetch(`${server.url}/api/sessions/${created.id}/events`, { headers: { Cookie: cookie }, signal: controller.signal });
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      const reader = stream.body!.getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (data) {
            const event = JSON.parse(data) as { type: string; id: string };
            events.push({ ...event, at: performance.now() });
          }
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  return { cookie, sessionId: created.id, events, close: () => controller.abort() };
}

interface Round {
  overhead: number;
  /** POST /chat answered (plan, charge, job, enqueue committed). */
  accepted: number;
  /** A worker picked the job up (its job.updated event). */
  pickedUp: number;
  engine: number;
}

async function oneRound(session: Session): Promise<Round> {
  const headers = { 'Content-Type': 'application/json', Origin: origin, Cookie: session.cookie };
  await fetch(`${server.url}/api/messages`, { method: 'POST', headers, body: JSON.stringify({ session_id: session.sessionId, content_text: 'a small test picture' }) });
  const engineCallsBefore = openai.received.length;
  const started = performance.now();
  const accepted = (await (await fetch(`${server.url}/api/chat`, { method: 'POST', headers, body: JSON.stringify({ session_id: session.sessionId }) })).json()) as { reply_message_id: string; job_id: string };
  const acceptedAt = performance.now() - started;
  // The reply is complete when its message.updated event arrives (published with the outputs).
  for (;;) {
    const done = session.events.find((e) => e.id === accepted.reply_message_id && e.type === 'message.updated' && e.at >= started);
    if (done) {
      const engineCalls = openai.received.slice(engineCallsBefore).filter((r) => r.receivedAt >= started);
      const engineMs = engineCalls.reduce((sum, r) => sum + ((r.answeredAt ?? r.receivedAt) - r.receivedAt), 0);
      const picked = session.events.find((e) => e.id === accepted.job_id && e.type === 'job.updated');
      return { overhead: done.at - started - engineMs, accepted: acceptedAt, pickedUp: (picked?.at ?? done.at) - started, engine: engineMs };
    }
    await new Promise((r) => setTimeout(r, 1));
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(concurrency: number) {
  const sessions = await Promise.all(Array.from({ length: concurrency }, (_, i) => openSession(i)));
  await new Promise((r) => setTimeout(r, 200));
  await oneRound(sessions[0]!); // warm-up
  const samples: Round[] = [];
  await Promise.all(
    sessions.map(async (session) => {
      for (let round = 0; round < ROUNDS_PER_SESSION; round++) samples.push(await oneRound(session));
    }),
  );
  sessions.forEach((s) => s.close());
  const of = (key: keyof Round) => samples.map((s) => s[key]);
  return {
    concurrency,
    samples: samples.length,
    median: percentile(of('overhead'), 50),
    p99: percentile(of('overhead'), 99),
    accepted: percentile(of('accepted'), 50),
    pickedUp: percentile(of('pickedUp'), 50),
    engine: percentile(of('engine'), 50),
  };
}

const results = process.env.BENCH_ONLY_ONE ? [await measure(1)] : [await measure(1), await measure(20)];
console.log('\n| concurrent sessions | generations | median overhead (ms) | p99 overhead (ms) | median POST /chat answered (ms) | median job picked up (ms) | median engine (ms) |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const r of results) {
  console.log(`| ${r.concurrency} | ${r.samples} | ${r.median.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.accepted.toFixed(1)} | ${r.pickedUp.toFixed(1)} | ${r.engine.toFixed(1)} |`);
}

await server.stop();
await openai.close();
await rm(dataDir, { recursive: true, force: true });
process.exit(0);
