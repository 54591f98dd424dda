import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { auditLog, user } from '../../db/schema';
import type { RunningServer } from '../../start-server';
import { TestClient } from '@test/server/http-client';
import { signedInUser, type SignedInClient } from '@test/server/signed-in-user';
import { startTestServer, uniqueEmail } from '@test/server/test-server';

/**
 * Who reaches the console's API: every route under /api/admin — enumerated from the OpenAPI
 * document, so a route added later is covered too — answers a visitor, a signed-in user and a
 * listed user who has not confirmed the address exactly as a path that does not exist. Operators
 * come in by ADMIN_EMAILS or by `npm run admin -- grant`; their requests pass the Origin check
 * and a rate limit like the rest of the API.
 */

const ADMIN_RATE_LIMIT = 40;
const LISTED_OPERATOR = uniqueEmail('listed-operator');
const LISTED_UNCONFIRMED = uniqueEmail('listed-unconfirmed');
const root = path.resolve(import.meta.dirname, '../../../..');

let server: RunningServer;
let operator: SignedInClient;
let stranger: SignedInClient;

beforeAll(async () => {
  server = await startTestServer({
    ADMIN_EMAILS: ` ${LISTED_OPERATOR.toUpperCase()} , ${LISTED_UNCONFIRMED}`,
    RATE_LIMIT_ADMIN_REQUESTS_PER_MINUTE: String(ADMIN_RATE_LIMIT),
  });
  operator = await signedInUser(server, { email: LISTED_OPERATOR });
  stranger = await signedInUser(server);
});
afterAll(async () => {
  await server?.stop();
});

interface Operation {
  method: string;
  path: string;
}

/** Every operation of the API document under /api/admin, with its path parameters filled in. */
async function adminOperations(): Promise<Operation[]> {
  const document = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths)
    .filter(([route]) => route.startsWith('/api/admin/'))
    .flatMap(([route, methods]) =>
      Object.keys(methods).map((method) => ({
        method: method.toUpperCase(),
        path: route.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'name' ? 'generate' : '3f1c2b6e-0c9a-4c53-9a55-5d7f6f3c1a10')),
      })),
    );
}

const validBody = {
  requestId: '6a2f1d4e-7b3c-4f5a-8e9d-0c1b2a3f4e5d',
  reason: 'checking access',
  direction: 'grant',
  amountCents: 100,
  count: 1,
  checkoutSessionId: 'cs_test_x',
};

async function call(client: TestClient, operation: Operation): Promise<Response> {
  return operation.method === 'GET' ? client.get(operation.path) : client.post(operation.path, validBody);
}

describe('the console API to anyone but an operator', () => {
  it('lists its routes in the API document', async () => {
    const operations = await adminOperations();
    expect(operations.map((o) => `${o.method} ${o.path.replace(/3f1c2b6e[-0-9a-f]+/g, ':id')}`)).toEqual(
      expect.arrayContaining([
        'GET /api/admin/overview',
        'GET /api/admin/users',
        'POST /api/admin/users/:id/credit',
        'POST /api/admin/queues/generate/pause',
        'GET /api/admin/audit',
      ]),
    );
    expect(operations.length).toBeGreaterThanOrEqual(17);
  });

  it('answers every route 404, exactly as a path that does not exist, to a visitor, a signed-in user and an unconfirmed listed address', async () => {
    const unconfirmed = new TestClient(server.url, server.deps.config.appUrl);
    await server.deps.auth.api.signUpEmail({
      body: { email: LISTED_UNCONFIRMED, password: 'Sup3rsecret!', name: '', callbackURL: '/studio' },
    });
    // Unconfirmed accounts get no session; a bearer token of one made anyway must not pass either.
    const [row] = await server.deps.db.select({ id: user.id }).from(user).where(eq(user.email, LISTED_UNCONFIRMED));
    const context = await server.deps.auth.$context;
    const session = await context.internalAdapter.createSession(row!.id);
    const signed = await signedToken(session.token);
    unconfirmed.headers.Authorization = `Bearer ${signed}`;
    expect((await unconfirmed.get('/api/me')).status).toBe(200);

    const visitor = new TestClient(server.url, server.deps.config.appUrl);
    for (const operation of await adminOperations()) {
      for (const [who, client] of [
        ['visitor', visitor],
        ['signed-in user', stranger],
        ['unconfirmed listed address', unconfirmed],
      ] as const) {
        const response = await call(client, operation);
        expect(response.status, `${operation.method} ${operation.path} as a ${who}`).toBe(404);
        expect(await response.json()).toEqual({ code: 'NOT_FOUND', message: `No API route ${operation.method} ${operation.path}` });
      }
    }
    // Nothing was done on their behalf.
    expect(await server.deps.db.select().from(auditLog).where(eq(auditLog.requestId, validBody.requestId))).toEqual([]);
  });

  it('tells the web client who may see the console link', async () => {
    expect(await (await operator.get('/api/me')).json()).toMatchObject({ isOperator: true });
    expect(await (await stranger.get('/api/me')).json()).toMatchObject({ isOperator: false });
  });
});

async function signedToken(token: string): Promise<string> {
  const { createHmac } = await import('node:crypto');
  const secret = (await server.deps.auth.$context).secret;
  return `${token}.${createHmac('sha256', secret).update(token).digest('base64')}`;
}

describe('an operator', () => {
  it('reads every report of the console', async () => {
    for (const report of [
      '/api/admin/overview',
      '/api/admin/users',
      `/api/admin/users/${stranger.userId}`,
      `/api/admin/users/${stranger.userId}/ledger`,
      '/api/admin/jobs',
      '/api/admin/engines',
      '/api/admin/audit',
    ]) {
      const response = await operator.get(report);
      expect(response.status, report).toBe(200);
    }
  });

  it('is refused a change sent from another site, and nothing changes', async () => {
    const forged = await operator.request(`/api/admin/users/${stranger.userId}/credit`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...validBody, requestId: '0b9d8c7e-6f5a-4b3c-9d2e-1f0a9b8c7d6e' }),
    });
    expect(forged.status).toBe(403);
    expect(await server.deps.db.select().from(auditLog).where(eq(auditLog.targetUserId, stranger.userId))).toEqual([]);
  });

  it('comes in by the command, and goes by it, with both in the audit log', async () => {
    const granted = await signedInUser(server);
    expect((await granted.get('/api/admin/users')).status).toBe(404);
    const run = (command: string) =>
      promisify(execFile)('node', ['--import', 'tsx', 'src/server/admin-cli.ts', command, granted.email.toUpperCase()], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: inject('databaseUrl'), DATA_DIR: server.deps.config.dataDir, LOG_LEVEL: 'silent' },
      });
    expect((await run('grant')).stdout).toBe(`${granted.email} is now an operator.\n`);
    expect((await granted.get('/api/admin/users')).status).toBe(200);
    expect((await run('grant')).stdout).toBe(`${granted.email} was an operator already.\n`);
    expect((await run('revoke')).stdout).toBe(`${granted.email} is no longer an operator.\n`);
    expect((await granted.get('/api/admin/users')).status).toBe(404);
    const entries = await server.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, granted.userId)));
    expect(entries.map((entry) => [entry.action, entry.operatorId, entry.before, entry.after])).toEqual([
      ['operator_granted', null, { operator: false }, { operator: true }],
      ['operator_revoked', null, { operator: true }, { operator: false }],
    ]);
    await expect(run('grant nobody')).rejects.toMatchObject({ code: 2 });
  });

  it('is rate-limited like the rest of the API', async () => {
    let refused: Response | undefined;
    for (let request = 0; request <= ADMIN_RATE_LIMIT && !refused; request++) {
      const response = await operator.get('/api/admin/engines');
      if (response.status === 429) refused = response;
    }
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    // The limit is the operator's: another signed-in user still gets the same 404 as before.
    expect((await stranger.get('/api/admin/engines')).status).toBe(404);
  });
});
