import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A local HTTP server that speaks the parts of OpenAI's API we use (images.generate,
 * images.edit, chat.completions with structured output, moderations), so the official SDK can be
 * pointed at it with baseURL. Tests script its answers and read what it received.
 */
export interface ReceivedRequest {
  path: string;
  /** When the request arrived and when its answer was sent (performance.now()). */
  receivedAt: number;
  answeredAt?: number;
  contentType: string;
  json?: Record<string, unknown>;
  /** Multipart fields (files as {filename, size, contentType}). */
  fields?: Array<{ name: string; value?: string; filename?: string; size?: number; contentType?: string }>;
}

export type ScriptedAnswer = { status: number; body?: unknown; delayMs?: number };

export async function startFakeOpenAi() {
  const received: ReceivedRequest[] = [];
  const scripts = new Map<string, ScriptedAnswer[]>();
  let chatReply: (request: Record<string, unknown>) => unknown = () => ({});
  let imageTimeMs: () => number = () => 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const path = (req.url ?? '').replace(/^\/v1/, '').split('?')[0]!;
        const contentType = req.headers['content-type'] ?? '';
        const body = Buffer.concat(chunks);
        const request: ReceivedRequest = { path, contentType, receivedAt: performance.now() };
        res.on('finish', () => (request.answeredAt = performance.now()));
        if (contentType.includes('application/json')) request.json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
        if (contentType.includes('multipart/form-data')) request.fields = parseMultipart(body, contentType);
        received.push(request);

        const scripted = scripts.get(path)?.shift();
        if (scripted?.delayMs) await new Promise((r) => setTimeout(r, scripted.delayMs));
        if (scripted && scripted.status !== 200) return send(res, scripted.status, scripted.body ?? { error: { message: 'scripted failure', type: 'server_error' } });

        if (path === '/images/generations' || path === '/images/edits') {
          const imageTime = imageTimeMs();
          if (imageTime > 0) await new Promise((r) => setTimeout(r, imageTime));
          const n = Number(request.json?.n ?? request.fields?.find((f) => f.name === 'n')?.value ?? 1);
          const size = String(request.json?.size ?? request.fields?.find((f) => f.name === 'size')?.value ?? '1024x1024');
          const [width, height] = size === 'auto' ? [1024, 1024] : size.split('x').map(Number);
          const data = [];
          for (let i = 0; i < n; i++) data.push({ b64_json: await solidPng(width!, height!, i) });
          return send(res, 200, { created: Math.floor(Date.now() / 1000), data, usage: { input_tokens: 10, output_tokens: 10, total_tokens: 20 } });
        }
        if (path === '/chat/completions') {
          const content = JSON.stringify(chatReply(request.json ?? {}));
          return send(res, 200, {
            id: 'chatcmpl-test',
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: String(request.json?.model ?? 'gpt-test'),
            choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content, refusal: null } }],
          });
        }
        if (path === '/moderations') {
          return send(res, 200, { id: 'modr-test', model: 'omni-moderation-latest', results: [{ flagged: false, categories: {}, category_scores: {} }] });
        }
        send(res, 404, { error: { message: `no route ${path}` } });
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    received,
    /** The next answers for a path, in order (e.g. a 429 then the normal answer). */
    script(path: string, ...answers: ScriptedAnswer[]) {
      scripts.set(path, [...(scripts.get(path) ?? []), ...answers]);
    },
    onChat(reply: (request: Record<string, unknown>) => unknown) {
      chatReply = reply;
    },
    /** Image answers take this long from now on (ms, or a function drawn per answer), as a real model's would (benchmarks). */
    setImageTime(ms: number | (() => number)) {
      imageTimeMs = typeof ms === 'number' ? () => ms : ms;
    },
    reset() {
      received.length = 0;
      scripts.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const pngCache = new Map<string, Promise<string>>();
/** A plain picture of the requested size, made once per size and shade. */
function solidPng(width: number, height: number, shade: number): Promise<string> {
  const key = `${width}x${height}:${shade}`;
  let png = pngCache.get(key);
  if (!png) {
    png = sharp({ create: { width, height, channels: 3, background: { r: (40 * shade) % 256, g: 120, b: 200 } } })
      .png()
      .toBuffer()
      .then((buffer) => buffer.toString('base64'));
    pngCache.set(key, png);
  }
  return png;
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...(status === 429 ? { 'Retry-After': '0' } : {}) });
  res.end(JSON.stringify(body));
}

function parseMultipart(body: Buffer, contentType: string) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const marker = `--${boundary?.[1] ?? boundary?.[2]}`;
  const fields: NonNullable<ReceivedRequest['fields']> = [];
  const text = body.toString('latin1');
  for (const part of text.split(marker).slice(1, -1)) {
    const [rawHeaders, ...rest] = part.replace(/^\r\n/, '').split('\r\n\r\n');
    const value = rest.join('\r\n\r\n').replace(/\r\n$/, '');
    const name = /name="([^"]+)"/.exec(rawHeaders ?? '')?.[1] ?? '';
    const filename = /filename="([^"]*)"/.exec(rawHeaders ?? '')?.[1];
    const partType = /content-type:\s*([^\r\n]+)/i.exec(rawHeaders ?? '')?.[1];
    fields.push(filename !== undefined ? { name, filename, size: Buffer.byteLength(value, 'latin1'), contentType: partType } : { name, value });
  }
  return fields;
}
