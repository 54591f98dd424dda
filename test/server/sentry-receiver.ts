import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** One item of an envelope: its header (`type`: event, transaction, session…) and its JSON payload. */
export interface EnvelopeItem {
  type: string;
  payload: Record<string, unknown>;
}

/**
 * A local stand-in for Sentry's ingestion endpoint, as strict as the real one where it matters:
 * only `POST /api/<project id>/envelope/` with the DSN's public key (in the envelope header's dsn
 * or the X-Sentry-Auth header) is accepted; anything else is 4xx. Envelopes are newline-delimited:
 * a header, then item header + payload pairs (a payload of `length` bytes when the header says so).
 */
export async function startSentryReceiver(options: { projectId?: string; publicKey?: string } = {}) {
  const projectId = options.projectId ?? '42';
  const publicKey = options.publicKey ?? 'e2etestpublickey';
  const items: EnvelopeItem[] = [];
  const rejected: string[] = [];
  const waiters = new Set<() => void>();

  const server = http.createServer((request, response) => {
    // Browsers send the envelope cross-origin: answer their preflight and allow the origin, as Sentry does.
    response.setHeader('Access-Control-Allow-Origin', '*');
    if (request.method === 'OPTIONS') {
      response.setHeader('Access-Control-Allow-Headers', '*');
      response.setHeader('Access-Control-Allow-Methods', 'POST');
      response.writeHead(204).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://receiver');
      if (request.method !== 'POST' || url.pathname !== `/api/${projectId}/envelope/`) {
        rejected.push(`${request.method} ${url.pathname}`);
        response.writeHead(404).end();
        return;
      }
      let body = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      try {
        const parsed = parseEnvelope(body);
        const auth = `${request.headers['x-sentry-auth'] ?? ''} ${url.searchParams.get('sentry_key') ?? ''} ${String(parsed.header.dsn ?? '')}`;
        if (!auth.includes(publicKey)) throw new Error('no public key of this project');
        items.push(...parsed.items);
        response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
        waiters.forEach((wake) => wake());
      } catch (error) {
        rejected.push(String(error));
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    dsn: `http://${publicKey}@127.0.0.1:${port}/${projectId}`,
    origin: `http://127.0.0.1:${port}`,
    items,
    rejected,
    /** Error events received so far (not transactions or sessions). */
    events: () => items.filter((item) => item.type === 'event').map((item) => item.payload),
    /** Waits for an error event that matches. */
    async waitForEvent(predicate: (event: Record<string, unknown>) => boolean, timeoutMs = 15_000): Promise<Record<string, unknown>> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = items.find((item) => item.type === 'event' && predicate(item.payload));
        if (found) return found.payload;
        if (Date.now() > deadline)
          throw new Error(
            `no matching Sentry event within ${timeoutMs} ms; received ${JSON.stringify(items.map((item) => item.type))}, rejected ${JSON.stringify(rejected)}`,
          );
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, 200);
          waiters.add(wake);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function parseEnvelope(body: Buffer): { header: Record<string, unknown>; items: EnvelopeItem[] } {
  let offset = 0;
  const readLine = (): Buffer => {
    const end = body.indexOf(0x0a, offset);
    const line = body.subarray(offset, end === -1 ? body.length : end);
    offset = end === -1 ? body.length : end + 1;
    return line;
  };
  const header = JSON.parse(readLine().toString('utf8')) as Record<string, unknown>;
  const items: EnvelopeItem[] = [];
  while (offset < body.length) {
    const headerLine = readLine().toString('utf8').trim();
    if (headerLine === '') continue;
    const itemHeader = JSON.parse(headerLine) as { type: string; length?: number };
    let payload: Buffer;
    if (typeof itemHeader.length === 'number') {
      payload = body.subarray(offset, offset + itemHeader.length);
      offset += itemHeader.length;
      if (body[offset] === 0x0a) offset += 1;
    } else {
      payload = readLine();
    }
    const text = payload.toString('utf8');
    items.push({ type: itemHeader.type, payload: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : { raw: text } });
  }
  return { header, items };
}
