import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startAppProcess, type AppProcess } from '@test/server/app-process';
import { TestClient } from '@test/server/http-client';
import { startLocalS3Server, type LocalS3Server } from '@test/server/s3-server';
import { openSessionEvents } from '@test/server/sessions';
import { TEST_PASSWORD } from '@test/server/signed-in-user';
import { uniqueEmail } from '@test/server/test-server';
import { until } from '@test/server/until';
import { uploadFixture, verdictOf } from '@test/server/uploads';
import { createDb, type Db } from './db/client';
import { agentJobs, balanceAccounts, devMails, ledgerEntries, userFiles } from './db/schema';
import { findFreePort } from './lib/free-port';

/**
 * The deployment layout of the README, proven together: two API processes (WORKER=off) and one
 * `npm run worker` process, each started as an operator starts it, sharing nothing but one
 * Postgres and one S3 bucket (a real S3-protocol server on loopback). Each process has a DATA_DIR
 * of its own, so a file that went to local disk instead of the bucket could not be found by the
 * others.
 */
let s3: LocalS3Server;
let db: Db;
let api1: { process: AppProcess; url: string };
let api2: { process: AppProcess; url: string };
let worker: AppProcess;
let appUrl: string;
const dataDirs: string[] = [];

async function dataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-process-'));
  dataDirs.push(dir);
  return dir;
}

beforeAll(async () => {
  s3 = await startLocalS3Server();
  const databaseUrl = inject('databaseUrl');
  db = createDb(databaseUrl, { max: 2 });
  const [port1, port2] = [await findFreePort(), await findFreePort()];
  appUrl = `http://localhost:${port1}`;
  // What every process of one deployment shares (README, "Deployment").
  const shared = {
    ...s3.env,
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: 'one-secret-shared-by-every-api-process-0123456789',
    APP_URL: appUrl,
    FREE_GENERATIONS: '0',
  };
  const start = async (kind: 'api' | 'worker', env: Record<string, string>) =>
    startAppProcess(kind, { ...shared, DATA_DIR: await dataDir(), ...env });
  api1 = { process: await start('api', { PORT: String(port1), WORKER: 'off' }), url: `http://127.0.0.1:${port1}` };
  api2 = { process: await start('api', { PORT: String(port2), WORKER: 'off' }), url: `http://127.0.0.1:${port2}` };
  worker = await start('worker', {});
  await Promise.all([api1.process.ready, api2.process.ready, worker.ready]);
}, 180_000);

afterAll(async () => {
  await Promise.all([api1?.process.stop(), api2?.process.stop(), worker?.stop()]);
  await db?.$client.end();
  await s3?.close();
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

/** Signs up through API 1, confirms through the link in the mail and accepts the terms: a browser's session cookie. */
async function signedInOnApi1(): Promise<TestClient & { userId: string }> {
  const email = uniqueEmail('processes');
  const client = new TestClient(api1.url, appUrl);
  const signUp = await client.post('/api/auth/sign-up/email', { email, password: TEST_PASSWORD, name: '', callbackURL: '/studio' });
  expect(signUp.status).toBe(200);
  const mail = await until(
    'the confirmation mail',
    async () => (await db.select().from(devMails).where(eq(devMails.to, email)).orderBy(desc(devMails.createdAt)))[0],
  );
  const link = new URL(/https?:\/\/[^\s"<>]*\/api\/auth\/verify-email[^\s"<>]*/.exec(mail.text)![0]);
  expect((await client.get(`${link.pathname}${link.search}`)).status).toBe(302);
  const accepted = await client.post('/api/me/accept-terms', { accepted: true });
  expect(accepted.status).toBe(200);
  return Object.assign(client, { userId: ((await accepted.json()) as { id: string }).id });
}

/** The same browser session, sending its requests to API 2 (as a load balancer may). */
const onApi2 = (path: string) => `${api2.url}${path}`;

async function objectInBucket(key: string): Promise<Buffer> {
  const reader = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  const object = await reader.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

/** Every file under the local-disk storage folders of the three processes: none, when the bucket is used. */
async function filesOnLocalDisk(): Promise<string[]> {
  const found = await Promise.all(
    dataDirs.map((dir) => readdir(path.join(dir, 'storage'), { recursive: true }).catch(() => [] as string[])),
  );
  return found.flat();
}

describe('two API processes and a worker on one Postgres and one bucket', () => {
  it(
    'verifies on the worker a photo uploaded through API 1, and streams to API 1 a paid generation asked of API 2, charged once',
    { timeout: 120_000 },
    async () => {
      const user = await signedInOnApi1();

      // A top-up through API 1 (test-mode payments), so the generation is paid in cents.
      const checkout = (await (await user.post('/api/stripe/create-checkout-session', { priceId: 'price_test_500' })).json()) as {
        sessionId: string;
      };
      expect((await user.post(`/api/stripe/test-checkout/${checkout.sessionId}/complete`)).status).toBe(200);

      // The upload goes to API 1, which runs no jobs: only the worker can write the verdict.
      const uploaded = await uploadFixture(user);
      expect(uploaded.verified_enum).toBe('pending');
      const verified = await verdictOf(user, uploaded.id);
      expect(verified.verified_enum).toBe('approved');
      const [stored] = await db.select({ key: userFiles.storedFilename }).from(userFiles).where(eq(userFiles.id, uploaded.id));
      expect((await objectInBucket(stored!.key)).length).toBeGreaterThan(0);

      // The session is opened through API 2, its stream on API 1.
      const opened = await user.post(onApi2('/api/messages'), {
        session_id: 'new',
        content_text: 'my photo',
        file_ids: [],
        request_reply: false,
      });
      expect(opened.status).toBe(201);
      const { session_id: sessionId } = (await opened.json()) as { session_id: string };
      const stream = await openSessionEvents(user, sessionId);
      let jobId: string;
      try {
        await stream.next((event) => event.event === 'ready');
        const asked = await user.post(onApi2('/api/messages'), {
          session_id: sessionId,
          content_text: 'make it black and white',
          file_ids: [uploaded.id],
          request_reply: true,
        });
        expect(asked.status).toBe(201);
        const { message, reply } = (await asked.json()) as {
          message: { id: string };
          reply: { job_id: string; reply_message_id: string; price_cents: number };
        };
        expect(reply.price_cents).toBe(8);
        jobId = reply.job_id;

        // Published by API 2 and by the worker, delivered by API 1 as events of the session's stream.
        const parsed = (data: string) => JSON.parse(data) as { id: string; type: string };
        expect(
          parsed((await stream.next((event) => event.event === 'message' && parsed(event.data).id === message.id, 20_000)).data),
        ).toEqual({ id: message.id, type: 'message.created' });
        for (let seen = 0; seen < 3; seen++) {
          // queued (API 2), started and settled (the worker)
          const event = await stream.next((candidate) => candidate.event === 'session' && parsed(candidate.data).id === jobId, 60_000);
          expect(parsed(event.data)).toEqual({ id: jobId, type: 'job.updated' });
        }
        await stream.next(
          (event) =>
            event.event === 'message' && parsed(event.data).id === reply.reply_message_id && parsed(event.data).type === 'message.updated',
          20_000,
        );
      } finally {
        stream.close();
      }

      const [job] = await db.select().from(agentJobs).where(eq(agentJobs.id, jobId));
      expect(job!.status).toBe('completed');

      // The generated image: in the bucket, served by either API with the cache headers of a public image.
      const reply = (await (await user.get(`/api/messages/${job!.resultMessageId}`)).json()) as {
        files: { id: string; fileUrl: string; isGenerated: boolean }[];
      };
      expect(reply.files).toHaveLength(1);
      const [generated] = await db.select({ key: userFiles.storedFilename }).from(userFiles).where(eq(userFiles.id, reply.files[0]!.id));
      expect(generated!.key).toMatch(new RegExp(`^public/${user.userId}/generated/${job!.id}-0\\.`));
      const served = await fetch(`${api2.url}${reply.files[0]!.fileUrl}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(Buffer.from(await served.arrayBuffer()).equals(await objectInBucket(generated!.key))).toBe(true);
      // The upload stays private: another browser (signed out) gets 404 from either API.
      expect((await fetch(`${api1.url}/api/files/${uploaded.id}`)).status).toBe(404);

      // Exactly one charge: one usage entry of 8 cents for the job, no refund, and the balance says so.
      const forJob = await db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, user.userId), eq(ledgerEntries.reference, jobId)));
      expect(forJob.map((entry) => ({ kind: entry.kind, cents: entry.amountCents }))).toEqual([{ kind: 'usage', cents: -8 }]);
      const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.userId));
      expect(entries.filter((entry) => entry.kind === 'usage' || entry.kind === 'refund')).toHaveLength(1);
      const [account] = await db.select().from(balanceAccounts).where(eq(balanceAccounts.userId, user.userId));
      expect(account!.availableCents).toBe(492);

      expect(await filesOnLocalDisk()).toEqual([]);
      // The jobs ran in the worker and nowhere else (the retention job runs there too, every minute).
      const jobsDone = (output: string) =>
        output
          .split('\n')
          .filter((line) => line.includes('"msg":"job done"'))
          .map((line) => (JSON.parse(line) as { job: string }).job);
      expect(
        jobsDone(worker.output())
          .filter((job) => job !== 'retention')
          .sort(),
        // Two mails: the sign-up's confirmation and the top-up's receipt.
      ).toEqual(['generate', 'send-mail', 'send-mail', 'verify-upload']);
      expect([...jobsDone(api1.process.output()), ...jobsDone(api2.process.output())]).toEqual([]);
    },
  );
});
