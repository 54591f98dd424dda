/**
 * Live progress under load (reply progress, Stop): 20 replies in flight at once, each a 50-step
 * ComfyUI run, each watched by a browser-like client on its session's event stream.
 *
 * Measured: the latency from the moment the ComfyUI stand-in sends a `progress` message over its
 * WebSocket to the moment the client reads the `progress` event carrying that step (worker →
 * Postgres NOTIFY → API → Server-Sent Events, the per-reply rate limit included: a step held back
 * by it waits, a step superseded by the next is never sent); how many progress events each reply
 * produced (a 50-step run must not mean 50 events); and the database's load over the run
 * (transactions, rows updated/inserted, from pg_stat_database) per reply.
 *
 * Everything runs on loopback: the product in a process of its own (`npm start`'s entry, the
 * worker inline, IMAGE_ENGINES=comfyui), the stand-in with 20 lanes (a GPU farm behind one proxy)
 * and the clients in this process (one clock for send and receive). Postgres: a scratch database
 * on DATABASE_URL, else an embedded one in a temporary directory.
 *
 *   npm run bench:progress-latency     PROGRESS_REPLIES (20), PROGRESS_STEPS (50), PROGRESS_STEP_MS (100)
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { ReplyProgress } from '@shared/reply-progress';
import { startFakeComfyUi } from '@test/server/fake-comfyui-server';
import { scratchDatabaseOn } from '@test/server/scratch-database';
import { openSessionEvents } from '@test/server/sessions';
import { createDb, runMigrations } from '../src/server/db/client';
import { startEmbeddedPostgres } from '../src/server/db/embedded-postgres';
import { createLogger } from '../src/server/lib/logger';
import { newUser, startProductServer } from './lib/product-server';

const REPLIES = Number(process.env.PROGRESS_REPLIES ?? 20);
const STEPS = Number(process.env.PROGRESS_STEPS ?? 50);
const STEP_MS = Number(process.env.PROGRESS_STEP_MS ?? 100);
const root = path.resolve(import.meta.dirname, '..');

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The shipped workflows with the text-to-image sampler set to STEPS steps. */
async function workflowsWithSteps(dir: string): Promise<string> {
  const target = path.join(dir, 'workflows');
  await cp(path.join(root, 'src/server/features/generation/engines/comfyui/workflows'), target, { recursive: true });
  const file = path.join(target, 'flux1-schnell.json');
  const template = JSON.parse(await readFile(file, 'utf8')) as {
    workflow: Record<string, { class_type?: string; inputs?: Record<string, unknown> }>;
  };
  for (const node of Object.values(template.workflow)) if (node.class_type === 'KSampler') node.inputs!.steps = STEPS;
  await writeFile(file, JSON.stringify(template, null, 2));
  return target;
}

async function main() {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-progress-'));
  const logger = createLogger('error');
  const embedded = process.env.DATABASE_URL ? undefined : await startEmbeddedPostgres(path.join(tempDir, 'pg'), logger);
  const scratch = process.env.DATABASE_URL ? await scratchDatabaseOn(process.env.DATABASE_URL) : undefined;
  const databaseUrl = scratch?.url ?? embedded!.url;
  const db = createDb(databaseUrl, { max: 1 });
  await runMigrations(db);

  // Which bench reply a prompt is, by the words it was asked with.
  const sent = new Map<string, number>();
  const tagOfPrompt = new Map<string, number>();
  const comfy = await startFakeComfyUi({
    stepMs: STEP_MS,
    lanes: REPLIES,
    onProgress: ({ promptId, step, prompt, at }) => {
      let tag = tagOfPrompt.get(promptId);
      if (tag === undefined) {
        const match = /bench reply (\d+)/.exec(JSON.stringify(prompt));
        if (!match) return;
        tag = Number(match[1]);
        tagOfPrompt.set(promptId, tag);
      }
      sent.set(`${tag}:${step}`, at);
    },
  });
  const server = await startProductServer({
    dataDir: path.join(tempDir, 'data'),
    databaseUrl,
    env: {
      IMAGE_ENGINES: 'comfyui',
      COMFYUI_URL: comfy.url,
      COMFYUI_WORKFLOWS_DIR: await workflowsWithSteps(tempDir),
      FREE_GENERATIONS: '10',
      RATE_LIMIT_GENERATIONS_PER_MINUTE: '1000',
      RATE_LIMIT_MESSAGES_PER_MINUTE: '1000',
      LOG_LEVEL: 'error',
    },
  });

  try {
    const clients = [];
    for (let i = 0; i < REPLIES; i++) clients.push((await newUser(server.url, `progress-${i}`)).client);
    const sessions = await Promise.all(
      clients.map(async (client) => {
        const opened = await client.post('/api/messages', { session_id: 'new', content_text: 'hello', file_ids: [], request_reply: false });
        const { session_id: sessionId } = (await opened.json()) as { session_id: string };
        const stream = await openSessionEvents(client, sessionId);
        await stream.next((event) => event.event === 'ready');
        return { client, sessionId, stream };
      }),
    );

    const stats = async () => {
      const result = await db.execute(
        sql`select xact_commit::bigint as commits, tup_updated::bigint as updated, tup_inserted::bigint as inserted from pg_stat_database where datname = current_database()`,
      );
      const row = result.rows[0] as { commits: string; updated: string; inserted: string };
      return { commits: Number(row.commits), updated: Number(row.updated), inserted: Number(row.inserted) };
    };
    const before = await stats();
    const started = performance.now();

    const latencies: number[] = [];
    const eventsPerReply: number[] = [];
    await Promise.all(
      sessions.map(async ({ client, sessionId, stream }, tag) => {
        const asked = await client.post('/api/messages', {
          session_id: sessionId,
          content_text: `bench reply ${tag}`,
          file_ids: [],
          request_reply: true,
        });
        if (asked.status !== 201) throw new Error(`send: ${asked.status} ${await asked.text()}`);
        const { reply } = (await asked.json()) as { reply: { job_id: string; reply_message_id: string } };
        let events = 0;
        for (;;) {
          const event = await stream.next(
            (candidate) =>
              candidate.event === 'progress' ||
              (candidate.event === 'message' &&
                JSON.parse(candidate.data).id === reply.reply_message_id &&
                JSON.parse(candidate.data).type === 'message.updated'),
            120_000,
          );
          const at = performance.now();
          if (event.event === 'message') break;
          events += 1;
          const progress = (JSON.parse(event.data) as { progress: ReplyProgress }).progress;
          const sentAt = progress.step === null ? undefined : sent.get(`${tag}:${progress.step}`);
          if (sentAt !== undefined) latencies.push(at - sentAt);
        }
        eventsPerReply.push(events);
        stream.close();
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const after = await stats();

    latencies.sort((a, b) => a - b);
    const totalEvents = eventsPerReply.reduce((sum, n) => sum + n, 0);
    const report = {
      replies: REPLIES,
      stepsPerReply: STEPS,
      stepMs: STEP_MS,
      wallSeconds: Number(seconds.toFixed(1)),
      latencyMs: {
        samples: latencies.length,
        p50: Number(percentile(latencies, 50).toFixed(1)),
        p95: Number(percentile(latencies, 95).toFixed(1)),
        p99: Number(percentile(latencies, 99).toFixed(1)),
        max: Number((latencies.at(-1) ?? Number.NaN).toFixed(1)),
      },
      progressEvents: {
        total: totalEvents,
        perReply: Number((totalEvents / REPLIES).toFixed(1)),
        perReplyPerSecond: Number((totalEvents / REPLIES / ((STEPS * STEP_MS) / 1000)).toFixed(2)),
      },
      database: {
        commits: after.commits - before.commits,
        commitsPerReply: Number(((after.commits - before.commits) / REPLIES).toFixed(1)),
        rowsUpdated: after.updated - before.updated,
        rowsInserted: after.inserted - before.inserted,
      },
    };
    console.log(JSON.stringify(report, null, 2));
  } finally {
    await server.stop();
    await comfy.close();
    await db.$client.end();
    await embedded?.stop();
    await scratch?.drop?.();
    await rm(tempDir, { recursive: true, force: true });
  }
}

await main();
