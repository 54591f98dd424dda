import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { ScriptedAnswer } from './fake-openai-server';

/**
 * A local HTTP server that speaks Gemini's generateContent for image models, so @google/genai can
 * be pointed at it with httpOptions.baseUrl.
 */
export interface GeminiRequest {
  model: string;
  apiKey: string | undefined;
  body: {
    contents: Array<{ role?: string; parts: Array<{ text?: string; inlineData?: { mimeType: string; data: string } }> }>;
    generationConfig?: Record<string, unknown>;
  };
}

export async function startFakeGemini() {
  const received: GeminiRequest[] = [];
  const scripts: Array<ScriptedAnswer> = [];
  let textReply: ((request: GeminiRequest) => unknown) | undefined;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const match = /\/models\/([^/:]+):generateContent/.exec(req.url ?? '');
        if (!match) return send(res, 404, { error: { code: 404, message: 'not found', status: 'NOT_FOUND' } });
        const request: GeminiRequest = {
          model: match[1]!,
          apiKey: req.headers['x-goog-api-key'] as string | undefined,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as GeminiRequest['body'],
        };
        received.push(request);
        const scripted = scripts.shift();
        if (scripted?.delayMs) await new Promise((r) => setTimeout(r, scripted.delayMs));
        if (scripted && scripted.status !== 200) return send(res, scripted.status, scripted.body ?? { error: { code: scripted.status, message: 'scripted failure', status: 'UNAVAILABLE' } });
        if (scripted?.body) return send(res, 200, scripted.body);

        const wantsImage = JSON.stringify(request.body.generationConfig ?? {}).includes('IMAGE');
        if (!wantsImage && textReply) {
          return send(res, 200, { candidates: [{ content: { role: 'model', parts: [{ text: JSON.stringify(textReply(request)) }] }, finishReason: 'STOP' }] });
        }
        const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 10, g: 200, b: 90 } } }).png().toBuffer();
        send(res, 200, {
          candidates: [{ content: { role: 'model', parts: [{ text: 'Here is your image.' }, { inlineData: { mimeType: 'image/png', data: png.toString('base64') } }] }, finishReason: 'STOP' }],
        });
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    script: (...answers: ScriptedAnswer[]) => scripts.push(...answers),
    onText(reply: (request: GeminiRequest) => unknown) {
      textReply = reply;
    },
    reset() {
      received.length = 0;
      scripts.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}
