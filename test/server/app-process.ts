import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * A process of the product started as an operator starts it: `src/server/main.ts` (what `npm
 * start` serves) or `src/server/worker.ts` (`npm run worker`), with only the environment given —
 * nothing of the test's own DATABASE_URL leaks in. Callers stop it (stop() or kill) in afterAll.
 */
export interface AppProcess {
  child: ChildProcess;
  /** Resolves when the process logged that it is ready; rejects when it exits first. */
  ready: Promise<void>;
  /** The exit code once it has exited. */
  exited: Promise<number | null>;
  output(): string;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
  stop(graceMs?: number): Promise<number | null>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const ENTRY_POINTS = { api: 'src/server/main.ts', worker: 'src/server/worker.ts' } as const;
const READY_LINES = { api: 'is ready at', worker: 'worker is running' } as const;

export function startAppProcess(kind: 'api' | 'worker', env: Record<string, string>): AppProcess {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('DATABASE_URL') && !key.startsWith('S3_')),
  );
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY_POINTS[kind]], {
    cwd: ROOT,
    env: { ...inherited, SERVE_WEB: 'false', LOG_LEVEL: 'info', NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes(READY_LINES[kind])) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    void exited.then(() => {
      clearInterval(timer);
      reject(new Error(`${kind} process exited before it was ready:\n${output}`));
    });
  });
  ready.catch(() => undefined); // awaited only by callers that expect a start
  const stop = async (graceMs = 10_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    const code = await exited;
    clearTimeout(killer);
    return code;
  };
  return { child, ready, exited, output: () => output, stop };
}
