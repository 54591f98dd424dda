import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startAppProcess } from '@test/server/app-process';
import { startFakeA1111 } from '@test/server/fake-a1111-server';
import { startFakeComfyUi } from '@test/server/fake-comfyui-server';
import { startFakeOpenAi } from '@test/server/fake-openai-server';

/**
 * The server process as `npm start` runs it (API only here; the browser tests cover the client):
 * configuration errors, the embedded Postgres that survives restarts, and a clean stop on SIGTERM.
 */
const children: ChildProcess[] = [];
const dataDirs: string[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

function runServer(env: Record<string, string>) {
  const server = startAppProcess('api', env);
  children.push(server.child);
  return server;
}

const freePort = () => 40000 + Math.floor(Math.random() * 20000);

/** Everything production requires, pointing nowhere: a start that gets past the checks would fail later. */
const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
  SMTP_URL: 'smtp://127.0.0.1:9',
  STRIPE_SECRET_KEY: 'sk_test_unused',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_unused',
  STRIPE_PRODUCT_ID: 'prod_unused',
  STRIPE_WEBHOOK_SECRET: 'whsec_unused',
  APP_URL: 'https://photomuse.example',
};

describe('starting the server', () => {
  it('exits non-zero with one message listing every configuration problem', async () => {
    const server = runServer({ PORT: 'abc', IMAGE_ENGINE: 'dalle', NODE_ENV: 'production' });
    expect(await server.exited).toBe(1);
    const output = server.output();
    expect(output).toContain('Invalid configuration:');
    expect(output).toContain('PORT');
    expect(output).toContain('IMAGE_ENGINE');
    expect(output).toContain('AUTH_SECRET is required in production');
    expect(output.match(/Invalid configuration:/g)).toHaveLength(1);
  });

  it('refuses the unsafe defaults in production', async () => {
    const server = runServer({ NODE_ENV: 'production', PORT: String(freePort()) });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('AUTH_SECRET is required in production');
    expect(server.output()).toContain('SMTP_URL is required in production');
    expect(server.output()).toContain('STRIPE_SECRET_KEY is required in production');
  });

  it('stops a production start with one message naming a hosted model that does not exist and its variable', async () => {
    const openai = await startFakeOpenAi();
    try {
      const server = runServer({
        ...PRODUCTION_ENV,
        PORT: String(freePort()),
        IMAGE_ENGINE: 'openai',
        OPENAI_BASE_URL: openai.baseUrl,
        OPENAI_API_KEY: 'sk-test',
        OPENAI_IMAGE_MODEL: 'gpt-image-1',
      });
      expect(await server.exited).toBe(1);
      const output = server.output();
      expect(output).toContain(
        'Invalid configuration:\n  - OPENAI_IMAGE_MODEL: the provider does not serve the model "gpt-image-1" (unknown or retired); set OPENAI_IMAGE_MODEL to a model it serves',
      );
      expect(output.match(/Invalid configuration:/g)).toHaveLength(1);
      // The text model (the default) exists: only the one problem is named.
      expect(output).not.toContain('OPENAI_TEXT_MODEL');
      // It stopped before starting anything else.
      expect(output).not.toContain('is ready at');
    } finally {
      await openai.close();
    }
  });

  it('stops a production start whose ComfyUI does not answer, naming COMFYUI_URL', async () => {
    const server = runServer({
      ...PRODUCTION_ENV,
      PORT: String(freePort()),
      IMAGE_ENGINES: 'comfyui,local',
      COMFYUI_URL: 'http://127.0.0.1:9',
    });
    expect(await server.exited).toBe(1);
    const output = server.output();
    expect(output).toMatch(
      /Invalid configuration:\n {2}- COMFYUI_URL: ComfyUI at http:\/\/127\.0\.0\.1:9 does not answer as ComfyUI does \(.+\); set COMFYUI_URL to a running ComfyUI/,
    );
    expect(output.match(/Invalid configuration:/g)).toHaveLength(1);
    expect(output).not.toContain('is ready at');
  });

  it('stops a production start whose ComfyUI lacks a model file a workflow loads, and whose A1111 lacks A1111_MODEL, naming each', async () => {
    const [comfy, a1111] = await Promise.all([startFakeComfyUi({ models: { checkpoints: [] } }), startFakeA1111({ auth: 'pm:pw' })]);
    try {
      const server = runServer({
        ...PRODUCTION_ENV,
        PORT: String(freePort()),
        IMAGE_ENGINES: 'comfyui,a1111',
        COMFYUI_URL: comfy.url,
        A1111_URL: a1111.url,
        A1111_AUTH: 'pm:pw',
        A1111_MODEL: 'flux1-dev',
      });
      expect(await server.exited).toBe(1);
      const output = server.output();
      expect(output).toContain(
        'Invalid configuration:\n  - COMFYUI_WORKFLOWS: workflow "flux1-schnell" loads the model file "flux1-schnell-fp8.safetensors" (CheckpointLoaderSimple.ckpt_name), which is not installed in this ComfyUI; install it, or edit the workflow',
      );
      expect(output).toContain(`  - A1111_MODEL: AUTOMATIC1111 at ${a1111.url} has no checkpoint "flux1-dev"`);
      expect(output.match(/Invalid configuration:/g)).toHaveLength(1);
      expect(output).not.toContain('is ready at');
    } finally {
      await Promise.all([comfy.close(), a1111.close()]);
    }
  });

  it('refuses to start on HOST=0.0.0.0 in development, saying why and what to set', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-exposed-'));
    dataDirs.push(dataDir);
    const server = runServer({ DATA_DIR: dataDir, HOST: '0.0.0.0', PORT: String(freePort()) });
    expect(await server.exited).toBe(1);
    const output = server.output();
    expect(output.match(/Invalid configuration:/g)).toHaveLength(1);
    expect(output).toContain('HOST=0.0.0.0 makes this server reachable from other machines, but NODE_ENV is not production');
    expect(output).toContain('Set NODE_ENV=production');
    expect(output).toContain('ALLOW_UNSAFE_SHARED_TEST_SERVER=true');
    // Refused before anything started: no database, no port.
    expect(output).not.toContain('embedded Postgres is running');
  });

  it('starts a deliberately shared test server on 0.0.0.0 with a warning, its conveniences on', { timeout: 90_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-shared-'));
    dataDirs.push(dataDir);
    const port = String(freePort());
    const server = runServer({ DATA_DIR: dataDir, PORT: port, HOST: '0.0.0.0', ALLOW_UNSAFE_SHARED_TEST_SERVER: 'true' });
    await server.ready;
    const warning = server
      .output()
      .split('\n')
      .map((line) => (line.startsWith('{') ? (JSON.parse(line) as { level: number; msg: string }) : undefined))
      .find((entry) => entry?.msg.startsWith('ALLOW_UNSAFE_SHARED_TEST_SERVER=true'));
    expect(warning).toMatchObject({ level: 40, msg: expect.stringContaining('take over any account') });
    expect((await fetch(`http://127.0.0.1:${port}/api/dev/mailbox`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('starts the embedded Postgres, keeps its data across restarts, and stops cleanly on SIGTERM', { timeout: 90_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-main-'));
    dataDirs.push(dataDir);
    const port = String(freePort());

    const first = runServer({ DATA_DIR: dataDir, PORT: port });
    await first.ready;
    expect(await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()).toEqual({ status: 'ok', database: 'ok' });
    const pgPort = /"port":(\d+),"dir"/.exec(first.output())?.[1];
    expect(pgPort).toBeDefined();
    const client = new pg.Client(`postgres://postgres:postgres@127.0.0.1:${pgPort}/photomuse`);
    await client.connect();
    await client.query(`insert into "user" (id, name, email) values ('kept-user', 'Kept', 'kept@example.test')`);
    await client.end();

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('stopped cleanly');
    // Postgres stopped with us: no pid file left behind.
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

    const second = runServer({ DATA_DIR: dataDir, PORT: port });
    await second.ready;
    expect(second.output()).not.toContain('creating the embedded Postgres cluster');
    const pgPort2 = /"port":(\d+),"dir"/.exec(second.output())?.[1];
    const client2 = new pg.Client(`postgres://postgres:postgres@127.0.0.1:${pgPort2}/photomuse`);
    await client2.connect();
    const { rows } = await client2.query(`select email from "user" where id = 'kept-user'`);
    await client2.end();
    expect(rows).toEqual([{ email: 'kept@example.test' }]);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
    expect(await readFile(path.join(dataDir, 'pg', 'PG_VERSION'), 'utf8')).toMatch(/^\d+/);
  });
});
