import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';

/**
 * A second server for a browser test that needs settings of its own (the run's server is started
 * by global-setup.ts): `src/server/main.ts` on the client this run built, the run's database when
 * there is one, in a fresh data directory, on a free port.
 */
export interface AppServer {
  origin: string;
  /** What /api/health answered once it was up. */
  health: { status: string };
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startAppServer(env: Record<string, string>): Promise<AppServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'photomuse-e2e-server-'));
  // A free port can be taken by another process before the server binds it: then another port.
  for (let attempt = 1; ; attempt++) {
    const started = await startOn(await freePort(), dataDir, env);
    if (typeof started !== 'string') return started;
    if (!started.includes('EADDRINUSE') || attempt === 3) {
      await rm(dataDir, { recursive: true, force: true });
      throw new Error(`the server did not start:\n${started}`);
    }
  }
}

/** The running server, or what it said when it did not start. */
async function startOn(port: number, dataDir: string, env: Record<string, string>): Promise<AppServer | string> {
  const origin = `http://localhost:${port}`;
  const database = inject('e2eDatabaseUrl');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      APP_URL: origin,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: inject('webDistDir'),
      ...(database ? { DATABASE_URL: database } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) return output;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      return `not ready in 90 s:\n${output}`;
    }
    const health = await fetch(`${origin}/api/health`).then(
      (r) => (r.ok ? (r.json() as Promise<{ status: string }>) : null),
      () => null,
    );
    if (health) return { origin, health, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
}
