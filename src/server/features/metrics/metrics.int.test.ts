import { spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestServer } from '@test/server/test-server';
import { scratchDatabaseOn } from '@test/server/scratch-database';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { askForReply, jobSettled, sendMessage } from '@test/server/generation';
import { openSessionEvents } from '@test/server/sessions';
import { until } from '@test/server/until';
import type { RunningServer } from '@server/start-server';
import { JOB_NAMES, JOB_SCHEDULES } from '@server/jobs/job-types';
import { PROXY_HEADERS } from './metrics-access';

/** One sample line's value, e.g. valueOf(text, 'photomuse_sse_connections'), or undefined when absent. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const TOKEN = 'a-metrics-token-of-32-characters';

describe('GET /metrics without METRICS_TOKEN', () => {
  let server: RunningServer;
  let user: SignedInClient;
  const scrape = async () => {
    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(200);
    return response.text();
  };

  beforeAll(async () => {
    server = await startTestServer();
    user = await signedInUser(server);
  });
  afterAll(() => server?.stop());

  it('answers in the Prometheus text format to a client on this machine', async () => {
    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    for (const name of [
      'photomuse_http_request_duration_seconds',
      'photomuse_job_queue_depth',
      'photomuse_job_queue_oldest_age_seconds',
      'photomuse_generation_duration_seconds',
      'photomuse_ledger_postings',
      'photomuse_sse_connections',
      'photomuse_db_pool_connections',
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    expect(valueOf(text, 'photomuse_db_pool_max')).toBe(20);
  });

  it('refuses a request that came through a proxy of any kind, although the proxy is on this machine', async () => {
    const sentBy = [
      ['X-Forwarded-For', '203.0.113.7'],
      ['X-Forwarded-Host', 'photomuse.example.test'],
      ['X-Forwarded-Proto', 'https'],
      ['Forwarded', 'for=203.0.113.7'],
      ['X-Real-IP', '203.0.113.7'],
      ['CF-Connecting-IP', '203.0.113.7'],
      ['True-Client-IP', '203.0.113.7'],
      ['Via', '1.1 proxy.example.test'],
      ['X-Client-IP', '203.0.113.7'],
      ['Fastly-Client-IP', '203.0.113.7'],
      ['X-Cluster-Client-IP', '203.0.113.7'],
      ['CDN-Loop', 'cloudflare'],
      ...PROXY_HEADERS.map((name) => [name, '203.0.113.7']),
    ];
    const statuses = await Promise.all(
      sentBy.map(async ([name, value]) => {
        const response = await fetch(`${server.url}/metrics`, { headers: { [name!]: value! } });
        const text = await response.text();
        return `${name}: ${response.status}${text.includes('photomuse_') ? ' with metrics' : ''}`;
      }),
    );
    expect(statuses).toEqual(sentBy.map(([name]) => `${name}: 403`));
  });

  it('times requests by route pattern and status, never by the raw path', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await user.get(`/api/sessions/${missing}`)).status).toBe(404);
    const text = await scrape();
    expect(text).toMatch(/photomuse_http_request_duration_seconds_count\{method="GET",route="\/api\/sessions\/:id",status="404"\} [1-9]/);
    expect(text).not.toContain(missing);
  });

  it('counts open event streams, and a closed one is gone', async () => {
    const { session_id } = await sendMessage(user, 'a sunset over the sea');
    const before = valueOf(await scrape(), 'photomuse_sse_connections')!;
    const stream = await openSessionEvents(user, session_id);
    await stream.next((event) => event.event === 'ready');
    expect(valueOf(await scrape(), 'photomuse_sse_connections')).toBe(before + 1);
    stream.close();
    await until(
      'the stream to be closed',
      async () => (valueOf(await scrape(), 'photomuse_sse_connections') === before ? true : undefined),
      5_000,
    );
  });

  async function generate(text: string, sessionId?: string) {
    const { session_id } = await sendMessage(user, text, sessionId ? { sessionId } : {});
    const reply = await askForReply(user, session_id);
    expect(reply.status).toBe(202);
    return jobSettled(server, reply.body.job_id, 60_000);
  }
  const generations = async (outcome: string) =>
    valueOf(await scrape(), `photomuse_generation_duration_seconds_count{engine="local",outcome="${outcome}"}`) ?? 0;

  it('records generations by engine and outcome, and the ledger postings they made', { timeout: 90_000 }, async () => {
    const made = await generate('a lighthouse on a cliff at sunset');
    expect(made.status).toBe('completed');
    await until('the generation to be recorded', async () => ((await generations('succeeded')) === 1 ? true : undefined));
    // An edit the local engine cannot do (the text named is not in the picture): settled with its refund, as a failed outcome.
    expect((await generate('replace the text "nowhere" with "Iceland"', made.sessionId)).status).toBe('failed');
    await until('the failure to be recorded', async () => ((await generations('failed')) === 1 ? true : undefined));

    const text = await scrape();
    expect(valueOf(text, 'photomuse_ledger_postings{kind="usage"}')).toBeGreaterThanOrEqual(2);
    expect(valueOf(text, 'photomuse_ledger_postings{kind="refund"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'photomuse_ledger_postings{kind="free_grant"}')).toBeGreaterThanOrEqual(1);
    // Nothing waits in the queue now.
    expect(valueOf(text, 'photomuse_job_queue_depth{kind="generate"}')).toBe(0);
    expect(valueOf(text, 'photomuse_job_queue_oldest_age_seconds{kind="generate"}')).toBe(0);
  });

  it('reports the age of the oldest job still waiting, by kind', async () => {
    // A job queued with no worker able to take it yet: pg-boss holds it until its start time.
    await server.deps.db.execute(
      sql`insert into pgboss.job (name, data, start_after, created_on) values ('verify-upload', '{}'::jsonb, now() + interval '1 hour', now() - interval '90 seconds')`,
    );
    try {
      const text = await scrape();
      expect(valueOf(text, 'photomuse_job_queue_depth{kind="verify-upload"}')).toBe(1);
      expect(valueOf(text, 'photomuse_job_queue_oldest_age_seconds{kind="verify-upload"}')).toBeGreaterThanOrEqual(90);
    } finally {
      await server.deps.db.execute(
        sql`delete from pgboss.job where name = 'verify-upload' and start_after > now() + interval '30 minutes'`,
      );
    }
  });
});

describe('GET /metrics on a database where no job has ever run', () => {
  let server: RunningServer;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    // A database of its own: the other test files' jobs must not fill its queues.
    const scratch = await scratchDatabaseOn(inject('databaseUrl'));
    drop = scratch.drop;
    server = await startTestServer({ DATABASE_URL: scratch.url, BACKUP_SCHEDULE: 'off' });
  });
  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  it('reports every job kind and every ledger kind, at 0, instead of no samples', async () => {
    const response = await fetch(`${server.url}/metrics`);
    expect(response.status).toBe(200);
    const text = await response.text();
    for (const kind of JOB_NAMES) {
      // A kind the queue sends on a schedule may have its job in the queue at this very moment.
      const expected = kind in JOB_SCHEDULES ? expect.any(Number) : 0;
      for (const series of ['photomuse_job_queue_depth', 'photomuse_job_queue_running', 'photomuse_job_queue_oldest_age_seconds']) {
        expect({ series, kind, value: valueOf(text, `${series}{kind="${kind}"}`) }).toEqual({ series, kind, value: expected });
      }
    }
    for (const kind of ['top_up', 'usage', 'refund', 'free_grant', 'adjustment'])
      expect(valueOf(text, `photomuse_ledger_postings{kind="${kind}"}`)).toBe(0);
  });
});

describe('GET /metrics behind a proxy (TRUST_PROXY) without METRICS_TOKEN', () => {
  it('refuses every request, even one from this machine with no proxy header: a proxy that adds none looks just like it', async () => {
    const server = await startTestServer({ TRUST_PROXY: 'true' });
    try {
      const response = await fetch(`${server.url}/metrics`);
      expect(response.status).toBe(403);
      expect(await response.text()).not.toContain('photomuse_');
    } finally {
      await server.stop();
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => server?.stop());

  it('answers only with the token as a Bearer token, even on this machine', async () => {
    const without = await fetch(`${server.url}/metrics`);
    expect(without.status).toBe(401);
    expect(without.headers.get('www-authenticate')).toContain('Bearer');
    expect((await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN.slice(0, -1)}` } })).status).toBe(401);
    const right = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('photomuse_http_request_duration_seconds');
  });

  it('takes the token through a proxy too', async () => {
    const response = await fetch(`${server.url}/metrics`, {
      headers: { Authorization: `Bearer ${TOKEN}`, 'X-Forwarded-For': '203.0.113.7' },
    });
    expect(response.status).toBe(200);
  });
});

describe('npm run worker with WORKER_METRICS_PORT', () => {
  it('serves its own /metrics, under the same token rule', { timeout: 60_000 }, async () => {
    const port = 40000 + Math.floor(Math.random() * 20000);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/worker.ts'], {
      cwd: path.resolve(import.meta.dirname, '../../../..'),
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        DATABASE_URL: inject('databaseUrl'),
        WORKER_METRICS_PORT: String(port),
        METRICS_TOKEN: TOKEN,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await until('the worker to run', () => (output.includes('worker is running') ? true : undefined), 45_000);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
      const response = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('# TYPE photomuse_generation_duration_seconds histogram');
      expect((await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
