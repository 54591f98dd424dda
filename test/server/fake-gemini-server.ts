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
  /** When the caller hung up before the answer was sent (performance.now()), as an aborted SDK call does. */
  abortedAt?: number;
}

/**
 * The models this fake serves, as the Gemini API does today (2026-11; @google/genai 3.x typings
 * and Google's deprecations page). Others — unknown, or shut down like gemini-2.5-flash-image,
 * gemini-2.5-flash and gemini-2.5-pro — get the real API's 404 NOT_FOUND.
 */
export const SERVED_GEMINI_MODELS = new Set([
  'gemini-3.1-flash-image',
  'gemini-3-pro-image',
  'gemini-3.1-flash-lite-image',
  'gemini-3.8-flash',
  'gemini-3.7-flash',
  'gemini-3.6-flash',
  'gemini-3.5-flash',
  'gemini-3.5-flash-lite',
  'gemini-3.1-flash-lite',
  'gemini-2.5-flash-lite',
  'gemini-flash-latest',
  'gemini-flash-lite-latest',
]);

/** ImageConfig.aspectRatio's documented values; others are refused. */
const GEMINI_IMAGE_RATIOS = new Set(['1:1', '2:3', '3:2', '3:4', '4:3', '9:16', '16:9', '21:9']);

const modelNotFound = (model: string) => ({
  error: {
    code: 404,
    message: `models/${model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
    status: 'NOT_FOUND',
  },
});

export async function startFakeGemini() {
  const received: GeminiRequest[] = [];
  const scripts: Array<ScriptedAnswer> = [];
  let textReply: ((request: GeminiRequest) => unknown) | undefined;
  // How long a picture takes to be made: held so a test can act (Stop, a time limit) while the model "works".
  let imageDelayMs = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const url = (req.url ?? '').split('?')[0]!;
        const described = /\/models\/([^/:]+)$/.exec(url);
        if (described && req.method === 'GET') {
          const model = decodeURIComponent(described[1]!);
          return SERVED_GEMINI_MODELS.has(model)
            ? send(res, 200, {
                name: `models/${model}`,
                displayName: model,
                supportedGenerationMethods: ['generateContent', 'countTokens'],
              })
            : send(res, 404, modelNotFound(model));
        }
        const match = /\/models\/([^/:]+):generateContent/.exec(url);
        if (!match) return send(res, 404, { error: { code: 404, message: 'not found', status: 'NOT_FOUND' } });
        if (!SERVED_GEMINI_MODELS.has(match[1]!)) return send(res, 404, modelNotFound(match[1]!));
        const request: GeminiRequest = {
          model: match[1]!,
          apiKey: req.headers['x-goog-api-key'] as string | undefined,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as GeminiRequest['body'],
        };
        received.push(request);
        res.on('close', () => {
          if (!res.writableFinished) request.abortedAt = performance.now();
        });
        const scripted = scripts.shift();
        if (scripted?.delayMs) await new Promise((r) => setTimeout(r, scripted.delayMs));
        if (scripted && scripted.status !== 200)
          return send(
            res,
            scripted.status,
            scripted.body ?? { error: { code: scripted.status, message: 'scripted failure', status: 'UNAVAILABLE' } },
          );
        if (scripted?.body) return send(res, 200, scripted.body);

        const asked = (request.body.generationConfig?.imageConfig as { aspectRatio?: string } | undefined)?.aspectRatio;
        if (asked !== undefined && !GEMINI_IMAGE_RATIOS.has(asked)) {
          return send(res, 400, { error: { code: 400, message: `Unsupported aspect ratio: ${asked}`, status: 'INVALID_ARGUMENT' } });
        }
        const wantsImage = JSON.stringify(request.body.generationConfig ?? {}).includes('IMAGE');
        if (wantsImage && imageDelayMs > 0) {
          await new Promise((r) => setTimeout(r, imageDelayMs));
          if (request.abortedAt !== undefined) return;
        }
        if (!wantsImage && textReply) {
          return send(res, 200, {
            candidates: [{ content: { role: 'model', parts: [{ text: JSON.stringify(textReply(request)) }] }, finishReason: 'STOP' }],
          });
        }
        // A picture in the shape asked for, as the model makes it (square when none is asked).
        const [width, height] = sizeFor(request.body.generationConfig?.imageConfig);
        const png = await sharp({ create: { width, height, channels: 3, background: { r: 10, g: 200, b: 90 } } })
          .png()
          .toBuffer();
        send(res, 200, {
          candidates: [
            {
              content: {
                role: 'model',
                parts: [{ text: 'Here is your image.' }, { inlineData: { mimeType: 'image/png', data: png.toString('base64') } }],
              },
              finishReason: 'STOP',
            },
          ],
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
    /** Pictures are answered only after this long (0: at once); text answers are not held. */
    holdImages(delayMs: number) {
      imageDelayMs = delayMs;
    },
    reset() {
      received.length = 0;
      scripts.length = 0;
      imageDelayMs = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Gemini answers 1K pictures: 1024 on the long side. It accepts only the ratios its ImageConfig lists. */
function sizeFor(imageConfig: unknown): [number, number] {
  const ratio = (imageConfig as { aspectRatio?: string } | undefined)?.aspectRatio;
  if (!ratio) return [1024, 1024];
  const [w, h] = ratio.split(':').map(Number) as [number, number];
  return w >= h ? [1024, Math.round((1024 * h) / w)] : [Math.round((1024 * w) / h), 1024];
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}
