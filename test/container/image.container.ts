import { chown, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '@server/lib/free-port';
import { TestClient } from '@test/server/http-client';
import { startLocalStripe } from '@test/server/local-stripe-server';
import { scratchDatabaseOn } from '@test/server/scratch-database';
import { linkIn, startSmtpInbox } from '@test/server/smtp-inbox';
import { until } from '@test/server/until';
import { composeCommand, docker, ensureBaseImage, ensureDocker } from './docker';

/**
 * The container image as an operator runs it: built from the Dockerfile (on a stand-in for its
 * base image where no registry serves it), the API and a worker started from it in production
 * mode against a real Postgres (a scratch database on the machine's server, CONTAINER_TEST_DATABASE_URL
 * or 127.0.0.1:5432), then used over HTTP: ready, sign-up with the mail's link, and a picture made
 * by the worker container. Containers share the host's network (here they may reach only loopback).
 * `npm run test:container`; its last run is recorded in docs/benchmarks.md.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const WORK = path.join(os.tmpdir(), 'photomuse-container-test');
const IMAGE = 'photomuse:container-test';
const PASSWORD = 'Sup3rsecret!';
const run = promisify(execFile);

const cleanups: (() => Promise<unknown>)[] = [];
const timings: Record<string, number> = {};
async function timed<T>(what: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    timings[what] = Math.round((performance.now() - started) / 1000);
  }
}

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error(error));
  console.log(`container test timings (s): ${JSON.stringify(timings)}`);
});

async function baseImageOfDockerfile(): Promise<string> {
  const dockerfile = await readFile(path.join(ROOT, 'Dockerfile'), 'utf8');
  return /^ARG NODE_IMAGE=(\S+)$/m.exec(dockerfile)![1]!;
}

describe('the container image', () => {
  const containers: string[] = [];
  let api = '';
  let port = 0;
  let inbox: Awaited<ReturnType<typeof startSmtpInbox>>;

  beforeAll(async () => {
    const stopDocker = await ensureDocker(WORK);
    cleanups.push(stopDocker);
    const base = await baseImageOfDockerfile();
    await timed('base image', () => ensureBaseImage(base, path.join(WORK, 'stand-in')));
    // The build an operator runs (docker build .), its RUN steps on the host's network.
    await timed('docker build', () =>
      run('/usr/bin/docker', ['build', '--network', 'host', '-t', IMAGE, '.'], {
        cwd: ROOT,
        maxBuffer: 256 * 1024 * 1024,
        timeout: 1_800_000,
      }),
    );
    // Removing a layer on the vfs driver deletes a whole file system: minutes on a busy disk.
    cleanups.push(() => docker(['image', 'rm', '-f', IMAGE], { timeoutMs: 900_000 }));
    cleanups.push(() => docker(['image', 'prune', '-f'], { timeoutMs: 900_000 }));

    const database = await scratchDatabaseOn(process.env.CONTAINER_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    if (database.drop) cleanups.push(database.drop);
    inbox = await startSmtpInbox();
    cleanups.push(() => inbox.close());
    const stripe = await startLocalStripe();
    cleanups.push(() => stripe.close());
    // The files the API stores and the worker reads: a folder both containers mount, owned by the image's user.
    const files = await mkdtemp(path.join(os.tmpdir(), 'photomuse-container-files-'));
    await chown(files, 1000, 1000);
    cleanups.push(() => rm(files, { recursive: true, force: true }));

    port = await findFreePort();
    api = `http://127.0.0.1:${port}`;
    const environment = {
      PORT: String(port),
      APP_URL: api,
      DATABASE_URL: database.url,
      AUTH_SECRET: 'a-container-test-secret-of-more-than-32-characters',
      SMTP_URL: inbox.url,
      STRIPE_SECRET_KEY: 'sk_test_container',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_container',
      STRIPE_PRODUCT_ID: 'prod_container',
      STRIPE_WEBHOOK_SECRET: 'whsec_container',
      STRIPE_API_URL: stripe.url,
      WORKER: 'off',
      FREE_GENERATIONS: '3',
      BACKUP_SCHEDULE: 'off',
    };
    const start = async (name: string, command: string[]) => {
      const id = await docker([
        'run',
        '-d',
        '--network',
        'host',
        '--name',
        `${name}-${port}`,
        '-v',
        `${files}:/var/lib/photomuse/storage`,
        ...Object.entries(environment).flatMap(([key, value]) => ['-e', `${key}=${value}`]),
        IMAGE,
        ...command,
      ]);
      containers.push(id);
      cleanups.push(() => docker(['rm', '-f', id], { timeoutMs: 600_000 }));
      return id;
    };
    await start('photomuse-api', []);
    await start('photomuse-worker', ['node', '--import', 'tsx', 'src/server/worker.ts']);
  }, 2_400_000);

  it('serves /api/health/ready, and Docker sees the container healthy', { timeout: 240_000 }, async () => {
    await timed('ready', () =>
      until(
        'the API to be ready',
        async () => ((await fetch(`${api}/api/health/ready`).catch(() => undefined))?.status === 200 ? true : undefined),
        180_000,
      ),
    );
    await timed('healthy', () =>
      until(
        'the HEALTHCHECK to pass',
        async () => ((await docker(['inspect', '--format', '{{.State.Health.Status}}', containers[0]!])) === 'healthy' ? true : undefined),
        120_000,
      ),
    );
    expect(await docker(['inspect', '--format', '{{.State.Running}}', containers[1]!])).toBe('true');
  });

  it('runs as an unprivileged user, in production, with two malloc arenas', async () => {
    expect(await docker(['exec', containers[0]!, 'id', '-u'])).toBe('1000');
    expect(await docker(['exec', containers[0]!, 'printenv', 'NODE_ENV', 'MALLOC_ARENA_MAX'])).toBe('production\n2');
    expect(await docker(['exec', containers[0]!, 'node', '--version'])).toMatch(/^v24\./);
  });

  it('signs a user up with the mailed link and makes a picture in the worker container', { timeout: 180_000 }, async () => {
    const client = new TestClient(api);
    const email = `container-${Date.now().toString(36)}@example.test`;
    const signUp = await client.post('/api/auth/sign-up/email', { email, password: PASSWORD, name: '', callbackURL: '/studio' });
    expect(signUp.status).toBe(200);
    const confirm = new URL(linkIn(await inbox.waitForMail(email, () => true, 30_000), `${api}/api/auth/verify-email`));
    expect((await client.get(`${confirm.pathname}${confirm.search}`)).status).toBe(302);
    expect((await client.post('/api/me/accept-terms', { accepted: true })).status).toBe(200);

    const sent = await client.post('/api/messages', {
      session_id: 'new',
      content_text: 'a lighthouse on a cliff at sunset',
      file_ids: [],
      request_reply: true,
    });
    expect(sent.status).toBe(201);
    const { reply } = (await sent.json()) as { reply: { reply_message_id: string } };
    const message = await timed('generation', () =>
      until(
        'the worker to answer',
        async () => {
          const answer = (await (await client.get(`/api/messages/${reply.reply_message_id}`)).json()) as {
            processing_status: string | null;
            files: { fileUrl: string }[];
          };
          return answer.files.length > 0 || answer.processing_status === 'error' ? answer : undefined;
        },
        120_000,
      ),
    );
    expect(message.files).toHaveLength(1);
    const image = await client.get(message.files[0]!.fileUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
  });
});

describe('compose.yaml', () => {
  let compose: string[] = [];
  let project = '';
  beforeAll(async () => {
    compose = await composeCommand(path.join(WORK, 'stand-in'));
    project = await mkdtemp(path.join(os.tmpdir(), 'photomuse-compose-'));
    cleanups.push(() => rm(project, { recursive: true, force: true }));
    for (const file of ['compose.yaml', '.env.example']) await cp(path.join(ROOT, file), path.join(project, file));
    const example = await readFile(path.join(project, '.env.example'), 'utf8');
    await writeFile(
      path.join(project, '.env'),
      example
        .replace(/^POSTGRES_PASSWORD=$/m, 'POSTGRES_PASSWORD=a-database-password')
        .replace(/^AUTH_SECRET=$/m, `AUTH_SECRET=${'s'.repeat(40)}`)
        .replace(/^PHOTOMUSE_PORT=3000$/m, 'PHOTOMUSE_PORT=8123'),
    );
  }, 600_000);

  const config = async (...args: string[]) => {
    const [command, ...rest] = compose;
    const { stdout } = await run(
      command!,
      [...rest, '--project-directory', project, '-f', path.join(project, 'compose.yaml'), ...args, 'config', '--format', 'json'],
      { cwd: project },
    );
    return JSON.parse(stdout) as {
      services: Record<
        string,
        {
          environment: Record<string, string>;
          ports?: { host_ip: string; published: string; target: number }[];
          command?: string[];
          volumes?: { source: string; target: string }[];
          healthcheck?: { disable?: boolean };
        }
      >;
    };
  };

  it('gives the API and a worker in production mode on the operator port, and Postgres on a named volume', async () => {
    const resolved = await config();
    expect(Object.keys(resolved.services).sort()).toEqual(['api', 'db', 'worker']);
    const { api, worker, db } = resolved.services;
    expect(api!.environment).toMatchObject({
      NODE_ENV: 'production',
      WORKER: 'off',
      TRUST_PROXY: 'true',
      DATABASE_URL: 'postgres://photomuse:a-database-password@db:5432/photomuse',
      AUTH_SECRET: 's'.repeat(40),
    });
    expect(api!.ports).toEqual([expect.objectContaining({ host_ip: '127.0.0.1', published: '8123', target: 3000 })]);
    expect(worker!.command).toEqual(['node', '--import', 'tsx', 'src/server/worker.ts']);
    expect(worker!.healthcheck?.disable).toBe(true);
    expect(db!.volumes).toEqual([expect.objectContaining({ source: 'postgres', target: '/var/lib/postgresql' })]);
  });

  it('adds the S3-compatible store and its bucket with --profile s3', async () => {
    const resolved = await config('--profile', 's3');
    expect(Object.keys(resolved.services).sort()).toEqual(['api', 'db', 'storage', 'storage-bucket', 'worker']);
  });

  it('refuses to start without the database password', async () => {
    await writeFile(
      path.join(project, '.env'),
      (await readFile(path.join(project, '.env'), 'utf8')).replace(/^POSTGRES_PASSWORD=.*$/m, 'POSTGRES_PASSWORD='),
    );
    await expect(config()).rejects.toThrow(/set POSTGRES_PASSWORD in \.env/);
  });
});
