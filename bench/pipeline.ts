/**
 * Pipeline overhead of a generation: the time from POST /api/chat to the server-sent event that
 * says the reply has its images, minus the time spent inside the engine (a local server that
 * speaks OpenAI's API; the time it took to answer each of the round's own requests is
 * subtracted). Measured at 1 and at 20 concurrent sessions. Target: median under 50 ms.
 *
 * With BENCH_ENGINE=comfyui the engine is the local ComfyUI (test/server/fake-comfyui-server.ts,
 * the shipped FLUX.1 [schnell] workflow): its own time is its prompt's span from POST /prompt to
 * the end of its run (its queue included, as a real ComfyUI's one GPU queues); everything else —
 * the WebSocket, /prompt, /history, /view, storage, the database — counts as overhead.
 *
 *   npm run bench:pipeline            (embedded Postgres in a temporary directory)
 *   DATABASE_URL=… npm run bench:pipeline
 *   BENCH_ENGINE=comfyui npm run bench:pipeline
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/lib/env';
import { createLogger } from '../src/server/lib/logger';
import { startServer } from '../src/server/start-server';
import { startFakeComfyUi } from '@test/server/fake-comfyui-server';
import { startFakeOpenAi } from '@test/server/fake-openai-server';

const ROUNDS_PER_SESSION = Number(process.env.BENCH_ROUNDS ?? 15);
/** Rounds per session before measuring: the server is measured warm (JIT-compiled, pools filled), as it runs. */
const WARM_UP_ROUNDS = Number(process.env.BENCH_WARM_UP ?? 10);
const PASSWORD = 'Bench-passw0rd';

const ENGINE = process.env.BENCH_ENGINE === 'comfyui' ? 'comfyui' : 'openai';
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-bench-'));
const openai = await startFakeOpenAi();
const comfy = await startFakeComfyUi({ stepMs: 0 });
/** The shipped FLUX.1 [schnell] workflow samples 4 steps. */
const COMFY_STEPS = 4;
// Each round's message carries a tag the planner copies into the image prompt, so every engine
// request can be told apart by round even when twenty sessions run side by side.
const tagOf = (text: string) => /#r[0-9a-z]+/.exec(text)?.[0] ?? '';
openai.onChat((request) => ({
  intent: 'generate',
  sourceImages: 'none',
  instruction: `A small test picture ${tagOf(JSON.stringify(request))}`,
  imageCount: 1,
  aspectRatio: 'unchanged',
  style: null,
}));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  PORT: '0',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  ...(ENGINE === 'comfyui'
    ? { IMAGE_ENGINE: 'comfyui', COMFYUI_URL: comfy.url }
    : { IMAGE_ENGINE: 'openai', OPENAI_BASE_URL: openai.baseUrl, OPENAI_API_KEY: 'sk-bench' }),
  FREE_GENERATIONS: '1000',
  // Each session asks for 25 replies as fast as they come; the fair-use limit is not what is measured.
  RATE_LIMIT_GENERATIONS_PER_MINUTE: '100000',
  RATE_LIMIT_MESSAGES_PER_MINUTE: '100000',
});
const server = await startServer({ config, logger: createLogger('silent') });
const origin = config.appUrl;

interface SessionEvent {
  type: string;
  id: string;
  at: number;
}

interface Session {
  cookie: string;
  sessionId: string;
  events: SessionEvent[];
  /** Resolves with the first event (already received or still to come) that matches. */
  waitFor(matches: (event: SessionEvent) => boolean): Promise<SessionEvent>;
  close(): void;
}

async function openSession(index: number): Promise<Session> {
  const email = `bench-${Date.now()}-${index}@example.test`;
  await server.deps.auth.api.signUpEmail({ body: { email, password: PASSWORD, name: '' } });
  await server.deps.db.execute(sql`update "user" set email_verified = true, terms_accepted_at = now() where email = ${email}`);
  // Signed in through the API, not over HTTP: sixty sign-ins from one address would be rate-limited.
  const signIn = await server.deps.auth.api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const created = (await (
    await fetch(`${server.url}/api/sessions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: cookie },
      body: '{}',
    })
  ).json()) as { id: string };
  const events: SessionEvent[] = [];
  const waiters = new Set<{ matches: (event: SessionEvent) => boolean; resolve: (event: SessionEvent) => void }>();
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
            const event = { ...(JSON.parse(data) as { type: string; id: string }), at: performance.now() };
            events.push(event);
            for (const waiter of waiters) {
              if (!waiter.matches(event)) continue;
              waiters.delete(waiter);
              waiter.resolve(event);
            }
          }
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  const waitFor = (matches: (event: SessionEvent) => boolean) =>
    new Promise<SessionEvent>((resolve) => {
      const seen = events.find(matches);
      if (seen) resolve(seen);
      else waiters.add({ matches, resolve });
    });
  return { cookie, sessionId: created.id, events, waitFor, close: () => controller.abort() };
}

interface Round {
  overhead: number;
  /** POST /chat answered (plan, charge, job, enqueue committed). */
  accepted: number;
  /** A worker picked the job up (its job.updated event). */
  pickedUp: number;
  engine: number;
  /** From the job's pick-up to the reply's event, minus the engine's own time: the worker's side, the engine's client included. */
  jobSide: number;
}

/** The engine requests of a round, found by its tag; each request is looked at once. */
const callsByTag = new Map<string, typeof openai.received>();
let callsIndexed = 0;
function engineCallsTagged(tag: string) {
  for (; callsIndexed < openai.received.length; callsIndexed++) {
    const call = openai.received[callsIndexed]!;
    const callTag = tagOf(JSON.stringify(call.json ?? call.fields ?? ''));
    callsByTag.set(callTag, [...(callsByTag.get(callTag) ?? []), call]);
  }
  return callsByTag.get(tag) ?? [];
}

/** The local ComfyUI's own time for a round's prompt (the message's words reach the prompt node). */
function comfyTimeTagged(tag: string): number {
  const prompt = comfy.prompts.find((item) => String(item.prompt['6']?.inputs?.text ?? '').includes(tag));
  return prompt?.finishedAt ? prompt.finishedAt - prompt.receivedAt : 0;
}

async function oneRound(session: Session): Promise<Round> {
  const headers = { 'Content-Type': 'application/json', Origin: origin, Cookie: session.cookie };
  const tag = `#r${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const sent = await fetch(`${server.url}/api/messages`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ session_id: session.sessionId, content_text: `a small test picture ${tag}` }),
  });
  if (!sent.ok) throw new Error(`POST /api/messages answered ${sent.status}: ${await sent.text()}`);
  const started = performance.now();
  const response = await fetch(`${server.url}/api/chat`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ session_id: session.sessionId }),
  });
  if (response.status !== 202) throw new Error(`POST /api/chat answered ${response.status}: ${await response.text()}`);
  const accepted = (await response.json()) as { reply_message_id: string; job_id: string };
  const acceptedAt = performance.now() - started;
  // The reply is complete when its message.updated event arrives (published with the outputs).
  const done = await Promise.race([
    session.waitFor((e) => e.id === accepted.reply_message_id && e.type === 'message.updated' && e.at >= started),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no event for reply ${accepted.reply_message_id} within 30 s`)), 30_000).unref(),
    ),
  ]);
  const engineMs =
    ENGINE === 'comfyui'
      ? comfyTimeTagged(tag)
      : engineCallsTagged(tag).reduce((sum, r) => sum + ((r.answeredAt ?? r.receivedAt) - r.receivedAt), 0);
  const picked = session.events.find((e) => e.id === accepted.job_id && e.type === 'job.updated');
  const pickedUp = (picked?.at ?? done.at) - started;
  return {
    overhead: done.at - started - engineMs,
    accepted: acceptedAt,
    pickedUp,
    engine: engineMs,
    jobSide: done.at - started - pickedUp - engineMs,
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(concurrency: number, engineMs: number) {
  // A model's time varies from picture to picture: here by ±50% around `engineMs`.
  openai.setImageTime(() => engineMs * (0.5 + Math.random()));
  // One GPU: ComfyUI runs one prompt at a time, each step this long.
  comfy.setStepMs(engineMs / COMFY_STEPS);
  const sessions = await Promise.all(Array.from({ length: concurrency }, (_, i) => openSession(i)));
  await new Promise((r) => setTimeout(r, 200));
  // People do not press send in the same millisecond: with an engine that takes time, sessions
  // start spread over one generation, so that at any moment about `concurrency` are in flight at
  // different stages (no barrier between warm-up and measuring, which would line them up again).
  // With an instant engine they all start at once: the saturation test.
  const samples: Round[] = [];
  let started = Infinity;
  await Promise.all(
    sessions.map(async (session, index) => {
      await new Promise((r) => setTimeout(r, (index * engineMs) / concurrency));
      for (let round = 0; round < WARM_UP_ROUNDS; round++) await oneRound(session);
      started = Math.min(started, performance.now());
      for (let round = 0; round < ROUNDS_PER_SESSION; round++) samples.push(await oneRound(session));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  sessions.forEach((s) => s.close());
  const of = (key: keyof Round) => samples.map((s) => s[key]);
  return {
    concurrency,
    engineMs,
    samples: samples.length,
    perSecond: samples.length / seconds,
    median: percentile(of('overhead'), 50),
    p99: percentile(of('overhead'), 99),
    accepted: percentile(of('accepted'), 50),
    pickedUp: percentile(of('pickedUp'), 50),
    engine: percentile(of('engine'), 50),
    jobSide: percentile(of('jobSide'), 50),
  };
}

// 1 session; 20 sessions each with a generation in flight at all times while the engine works
// (1 s here; hosted models take 5-60 s); and 20 sessions against an engine that answers at once,
// which saturates the two cores with the clients, the server and Postgres (a throughput test).
// BENCH_CASES=sessions:engineMs,… runs other cases, e.g. BENCH_CASES=1:0 for one session only.
const cases = (process.env.BENCH_CASES ?? (ENGINE === 'comfyui' ? '1:0,1:1000,20:0' : '1:0,20:1000,20:0'))
  .split(',')
  .map((c) => c.split(':').map(Number) as [number, number]);
const results = [];
for (const [sessions, engineMs] of cases) results.push(await measure(sessions, engineMs));
console.log(`\nengine: ${ENGINE}, load average ${(await readFile('/proc/loadavg', 'utf8').catch(() => '?')).split(' ')[0]}`);
console.log(
  '| concurrent sessions | engine time | generations | generations/s | median overhead (ms) | p99 overhead (ms) | median POST /chat answered (ms) | median job picked up (ms) | median job side (ms) |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of results) {
  console.log(
    `| ${r.concurrency} | ${r.engineMs === 0 ? 'instant' : `${r.engineMs / 1000} s`} | ${r.samples} | ${r.perSecond.toFixed(1)} | ${r.median.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.accepted.toFixed(1)} | ${r.pickedUp.toFixed(1)} | ${r.jobSide.toFixed(1)} |`,
  );
}

await server.stop();
await openai.close();
await comfy.close();
await rm(dataDir, { recursive: true, force: true });
process.exit(0);
