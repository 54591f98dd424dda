import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that speaks the part of Stripe's API the product uses (customers, checkout
 * sessions create/retrieve, prices list), so the official SDK is exercised over the wire in the
 * tests. It replays answers for a repeated Idempotency-Key, as Stripe does, and records every
 * request for assertions.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: Record<string, unknown>;
}

export interface LocalPrice {
  id: string;
  unit_amount: number | null;
  currency: string;
  nickname: string | null;
  product: string;
  active?: boolean;
}

type Json = Record<string, unknown>;

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;

/** Stripe's form encoding (`a[b][0][c]=v`) back into nested objects (arrays stay index-keyed objects). */
function parseForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/[[\]]+/).filter(Boolean);
    let node = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  return root;
}

export async function startLocalStripe() {
  const requests: RecordedRequest[] = [];
  const replies = new Map<string, { status: number; body: Json }>();
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  let prices: LocalPrice[] = [];

  function createSession(body: Json): Json {
    const lineItem = (body.line_items as Record<string, Json> | undefined)?.['0'] ?? {};
    const priceData = lineItem.price_data as Json | undefined;
    const price = prices.find((p) => p.id === lineItem.price);
    const amount = priceData ? Number(priceData.unit_amount) : (price?.unit_amount ?? 0);
    const sessionId = id('cs_test');
    const uiMode = (body.ui_mode as string | undefined) ?? 'hosted_page';
    const customer = customers.get(body.customer as string);
    const session: Json = {
      id: sessionId,
      object: 'checkout.session',
      mode: body.mode,
      ui_mode: uiMode,
      status: 'open',
      payment_status: 'unpaid',
      amount_total: amount,
      currency: (priceData?.currency as string | undefined) ?? price?.currency ?? 'usd',
      customer: body.customer ?? null,
      customer_email: null,
      customer_details: customer ? { email: customer.email } : null,
      client_reference_id: body.client_reference_id ?? null,
      metadata: body.metadata ?? {},
      client_secret: uiMode === 'hosted_page' ? null : `${sessionId}_secret_${randomBytes(6).toString('hex')}`,
      url: uiMode === 'hosted_page' ? `https://checkout.stripe.test/c/pay/${sessionId}` : null,
      return_url: body.return_url ?? null,
      success_url: body.success_url ?? null,
      cancel_url: body.cancel_url ?? null,
      line_items_requested: body.line_items,
    };
    sessions.set(sessionId, session);
    return session;
  }

  function route(method: string, path: string, query: URLSearchParams, body: Json): { status: number; body: Json } {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', email: body.email ?? null, metadata: body.metadata ?? {} };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') return { status: 200, body: createSession(body) };
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && sessionMatch) {
      const session = sessions.get(decodeURIComponent(sessionMatch[1]!));
      if (!session) return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such checkout.session' } } };
      return { status: 200, body: session };
    }
    if (method === 'GET' && path === '/v1/prices') {
      const product = query.get('product');
      const data = prices.filter((p) => (!product || p.product === product) && (query.get('active') !== 'true' || p.active !== false)).map((p) => ({ object: 'price', ...p }));
      return { status: 200, body: { object: 'list', url: '/v1/prices', has_more: false, data } };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } } };
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const body = parseForm(text);
    requests.push({ method: req.method ?? 'GET', path: url.pathname, idempotencyKey, body });
    const replayKey = idempotencyKey && `${req.method} ${url.pathname} ${idempotencyKey}`;
    let reply = replayKey ? replies.get(replayKey) : undefined;
    if (!reply) {
      reply = route(req.method ?? 'GET', url.pathname, url.searchParams, body);
      if (replayKey) replies.set(replayKey, reply);
    }
    res.writeHead(reply.status, { 'Content-Type': 'application/json', 'Request-Id': id('req') });
    res.end(JSON.stringify(reply.body));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setPrices(next: LocalPrice[]) {
      prices = next;
    },
    session(sessionId: string): Json {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      return session;
    },
    /** What Stripe does when the customer finishes paying (or finishes an async method, or it fails). */
    updateSession(sessionId: string, changes: { status?: string; payment_status?: string }) {
      Object.assign(this.session(sessionId), changes);
    },
    /** An event as Stripe would deliver it, holding a copy of the object. */
    event(type: string, object: Json): string {
      return JSON.stringify({ id: id('evt'), object: 'event', type, api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), livemode: false, data: { object: structuredClone(object) } });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type LocalStripe = Awaited<ReturnType<typeof startLocalStripe>>;
