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
  /** When the client gave up on it (aborted) before an answer was sent. */
  abortedAt?: number;
  contentType: string;
  json?: Record<string, unknown>;
  /** Multipart fields (files as {filename, size, contentType}). */
  fields?: Array<{ name: string; value?: string; filename?: string; size?: number; contentType?: string; data?: Buffer }>;
}

export type ScriptedAnswer = { status: number; body?: unknown; delayMs?: number };

/**
 * The models this fake serves, as OpenAI's API does today (2026-11; from the `ImageModel`,
 * `ChatModel` and `ModerationModel` typings of openai 7.x and OpenAI's deprecations page). Any
 * other name — unknown, or retired like gpt-image-1 (shut down 2026-10-23) and dall-e-2/3 — is
 * answered as the real API answers it: 404 model_not_found.
 */
export const SERVED_OPENAI_MODELS = new Set([
  'gpt-image-2.6-sunburst',
  'gpt-image-2.6-flare',
  'gpt-image-2.5-sunburst',
  'gpt-image-2.5-sunburst-2026-09-08',
  'gpt-image-2.5-flare',
  'gpt-image-2.5-flare-2026-09-08',
  'gpt-image-2',
  'gpt-image-2-2026-04-21',
  'gpt-image-1.5',
  'gpt-image-1-mini',
  'chatgpt-image-latest',
  'gpt-6-astra',
  'gpt-6.1-sol',
  'gpt-6.1-terra',
  'gpt-6-sol',
  'gpt-6-luna',
  'gpt-5.6-sol',
  'gpt-5.6-terra',
  'gpt-5.6-luna',
  'gpt-5.5',
  'gpt-5.4',
  'gpt-5.4-mini',
  'gpt-5.4-nano',
  'gpt-5.2',
  'gpt-5',
  'gpt-5-mini',
  'gpt-5-nano',
  // Deprecated, with shutdown announced for 2027-01-14: still served today.
  'gpt-4.1',
  'gpt-4.1-mini',
  'gpt-4o',
  'gpt-4o-mini',
  'omni-moderation-latest',
  'omni-moderation-2024-09-26',
]);

/**
 * What the images endpoints take, as the SDK's ImageGenerateParams and ImageEditParams document it
 * for the GPT image models: `n` from 1 to 10, and up to 16 images to edit.
 */
export const OPENAI_IMAGES_MAX_N = 10;
export const OPENAI_EDIT_MAX_IMAGES = 16;
/** `partial_images` is 0 to 3 (ImageGenerateParams, ImageEditParams). */
export const OPENAI_MAX_PARTIAL_IMAGES = 3;

/**
 * The image models that stream (`stream: true`): OpenAI's guide streams gpt-image-2 and its
 * successors; the gpt-image-1.5 model card says streaming is not supported. A stream asked of
 * another model is refused with the API's answer for a parameter a model does not take.
 */
const STREAMING_IMAGE_MODEL = /^gpt-image-2(?:[.-]|$)/;

const invalidRequest = (message: string, param: string, code: string | null) => ({
  error: { message, type: 'invalid_request_error', param, code },
});

/** The real API's 400 for a request it does not take (an `n` out of range, too many images), or null. */
function refusalOfImagesRequest(request: ReceivedRequest): ReturnType<typeof invalidRequest> | null {
  const rawN = request.json?.n ?? request.fields?.find((f) => f.name === 'n')?.value;
  if (rawN !== undefined && rawN !== null) {
    const n = Number(rawN);
    if (!Number.isInteger(n))
      return invalidRequest(`Invalid type for 'n': expected an integer, but got ${JSON.stringify(rawN)} instead.`, 'n', 'invalid_type');
    if (n > OPENAI_IMAGES_MAX_N)
      return invalidRequest(
        `Invalid 'n': integer above maximum value. Expected a value <= ${OPENAI_IMAGES_MAX_N}, but got ${n} instead.`,
        'n',
        'integer_above_max_value',
      );
    if (n < 1)
      return invalidRequest(
        `Invalid 'n': integer below minimum value. Expected a value >= 1, but got ${n} instead.`,
        'n',
        'integer_below_min_value',
      );
  }
  const rawPartials = request.json?.partial_images ?? request.fields?.find((f) => f.name === 'partial_images')?.value;
  if (rawPartials !== undefined && rawPartials !== null) {
    const partials = Number(rawPartials);
    if (!Number.isInteger(partials))
      return invalidRequest(
        `Invalid type for 'partial_images': expected an integer, but got ${JSON.stringify(rawPartials)} instead.`,
        'partial_images',
        'invalid_type',
      );
    if (partials > OPENAI_MAX_PARTIAL_IMAGES)
      return invalidRequest(
        `Invalid 'partial_images': integer above maximum value. Expected a value <= ${OPENAI_MAX_PARTIAL_IMAGES}, but got ${partials} instead.`,
        'partial_images',
        'integer_above_max_value',
      );
    if (partials < 0)
      return invalidRequest(
        `Invalid 'partial_images': integer below minimum value. Expected a value >= 0, but got ${partials} instead.`,
        'partial_images',
        'integer_below_min_value',
      );
  }
  const model = String(request.json?.model ?? request.fields?.find((f) => f.name === 'model')?.value ?? '');
  if (streamAsked(request) && !STREAMING_IMAGE_MODEL.test(model))
    return invalidRequest("Unsupported parameter: 'stream' is not supported with this model.", 'stream', 'unsupported_parameter');
  if (request.path === '/images/edits') {
    const images = request.fields?.filter((f) => (f.name === 'image[]' || f.name === 'image') && f.filename !== undefined).length ?? 0;
    if (images === 0) return invalidRequest("Missing required parameter: 'image'.", 'image', 'missing_required_parameter');
    if (images > OPENAI_EDIT_MAX_IMAGES)
      return invalidRequest(
        `Invalid 'image': array too long. Expected an array with maximum length ${OPENAI_EDIT_MAX_IMAGES}, but got an array with length ${images} instead.`,
        'image',
        'array_above_max_length',
      );
  }
  return null;
}

function streamAsked(request: ReceivedRequest): boolean {
  return request.json?.stream === true || request.fields?.find((f) => f.name === 'stream')?.value === 'true';
}

/** The most bytes a mask may have (ImageEditParams: "less than 4MB"). */
export const OPENAI_MASK_MAX_BYTES = 4 * 1024 * 1024;

/**
 * The real API's 400 for a mask it does not take, as ImageEditParams documents it: a PNG, less
 * than 4MB, with transparency (its fully transparent pixels are where the image is edited), of
 * the same dimensions as the (first) image. A mask without an alpha channel marks nothing.
 */
async function refusalOfMask(request: ReceivedRequest): Promise<ReturnType<typeof invalidRequest> | null> {
  const mask = request.fields?.find((f) => f.name === 'mask' && f.data);
  if (!mask?.data) return null;
  const image = request.fields?.find((f) => (f.name === 'image[]' || f.name === 'image') && f.data);
  const refuse = (message: string) => invalidRequest(message, 'mask', 'invalid_image_file');
  if (mask.data.length >= OPENAI_MASK_MAX_BYTES) return refuse('Invalid mask image: it must be less than 4MB.');
  const maskInfo = await sharp(mask.data)
    .metadata()
    .catch(() => undefined);
  if (maskInfo?.format !== 'png') return refuse('Invalid mask image: it must be a valid PNG file.');
  if (!maskInfo.hasAlpha)
    return refuse(`Invalid mask image: it must have an alpha channel (RGBA or LA); got ${maskInfo.channels === 1 ? 'L' : 'RGB'}.`);
  const imageInfo = image?.data
    ? await sharp(image.data)
        .metadata()
        .catch(() => undefined)
    : undefined;
  if (!imageInfo?.width) return invalidRequest('Invalid image: it could not be read.', 'image', 'invalid_image_file');
  if (imageInfo.width !== maskInfo.width || imageInfo.height !== maskInfo.height) {
    return refuse(
      `Invalid mask image: its size (${maskInfo.width}x${maskInfo.height}) does not match the image's size (${imageInfo.width}x${imageInfo.height}).`,
    );
  }
  return null;
}

const modelNotFound = (model: string) => ({
  error: {
    message: `The model \`${model}\` does not exist or you do not have access to it.`,
    type: 'invalid_request_error',
    param: null,
    code: 'model_not_found',
  },
});

/** What `onChat` returns for the model to refuse, as OpenAI's structured outputs do. */
export class ChatRefusal {
  constructor(readonly text: string) {}
}

export async function startFakeOpenAi(options: { apiKey?: string } = {}) {
  const received: ReceivedRequest[] = [];
  const scripts = new Map<string, ScriptedAnswer[]>();
  let chatReply: (request: Record<string, unknown>) => unknown = () => ({});
  let imageTimeMs: () => number = () => 0;
  let streamStepMs = 0;

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
        res.on('close', () => {
          if (!res.writableFinished) request.abortedAt = performance.now();
        });
        if (contentType.includes('application/json')) request.json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
        if (contentType.includes('multipart/form-data')) request.fields = parseMultipart(body, contentType);
        received.push(request);
        // With a key set, any other is refused as OpenAI refuses one: 401 invalid_api_key.
        if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
          return send(res, 401, {
            error: {
              message: 'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
              type: 'invalid_request_error',
              param: null,
              code: 'invalid_api_key',
            },
          });
        }

        const retrieved = /^\/models\/([^/]+)$/.exec(path);
        if (retrieved && req.method === 'GET') {
          const model = decodeURIComponent(retrieved[1]!);
          return SERVED_OPENAI_MODELS.has(model)
            ? send(res, 200, { id: model, object: 'model', created: 1_757_000_000, owned_by: 'openai' })
            : send(res, 404, modelNotFound(model));
        }
        const model = String(request.json?.model ?? request.fields?.find((f) => f.name === 'model')?.value ?? '');
        if (!SERVED_OPENAI_MODELS.has(model)) return send(res, 404, modelNotFound(model));
        const refusal = path === '/images/generations' || path === '/images/edits' ? refusalOfImagesRequest(request) : null;
        if (refusal) return send(res, 400, refusal);
        const maskRefusal = path === '/images/edits' ? await refusalOfMask(request) : null;
        if (maskRefusal) return send(res, 400, maskRefusal);

        const scripted = scripts.get(path)?.shift();
        if (scripted?.delayMs) await new Promise((r) => setTimeout(r, scripted.delayMs));
        if (res.destroyed) return;
        if (scripted && scripted.status !== 200)
          return send(res, scripted.status, scripted.body ?? { error: { message: 'scripted failure', type: 'server_error' } });
        if (scripted?.body) {
          // A scripted picture asked for as a stream arrives as the stream's completed event.
          const scriptedImage = (scripted.body as { data?: Array<{ b64_json?: string }> }).data?.[0]?.b64_json;
          if (scriptedImage !== undefined && streamAsked(request))
            return streamImages(
              res,
              path === '/images/edits' ? 'image_edit' : 'image_generation',
              request,
              1024,
              1024,
              streamStepMs,
              scriptedImage,
            );
          return send(res, 200, scripted.body);
        }

        if (path === '/images/generations' || path === '/images/edits') {
          const imageTime = imageTimeMs();
          if (imageTime > 0) await new Promise((r) => setTimeout(r, imageTime));
          const n = Number(request.json?.n ?? request.fields?.find((f) => f.name === 'n')?.value ?? 1);
          const size = String(request.json?.size ?? request.fields?.find((f) => f.name === 'size')?.value ?? '1024x1024');
          const [width, height] = size === 'auto' ? [1024, 1024] : size.split('x').map(Number);
          if (streamAsked(request))
            return streamImages(res, path === '/images/edits' ? 'image_edit' : 'image_generation', request, width!, height!, streamStepMs);
          const data = [];
          for (let i = 0; i < n; i++) data.push({ b64_json: await solidPng(width!, height!, i) });
          return send(res, 200, {
            created: Math.floor(Date.now() / 1000),
            data,
            usage: { input_tokens: 10, output_tokens: 10, total_tokens: 20 },
          });
        }
        if (path === '/chat/completions') {
          const reply = chatReply(request.json ?? {});
          // A structured-output refusal: no content, the refusal text instead.
          const message =
            reply instanceof ChatRefusal
              ? { role: 'assistant', content: null, refusal: reply.text }
              : { role: 'assistant', content: JSON.stringify(reply), refusal: null };
          return send(res, 200, {
            id: 'chatcmpl-test',
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: String(request.json?.model ?? 'gpt-test'),
            choices: [{ index: 0, finish_reason: 'stop', message }],
          });
        }
        if (path === '/moderations') {
          return send(res, 200, {
            id: 'modr-test',
            model: 'omni-moderation-latest',
            results: [{ flagged: false, categories: {}, category_scores: {} }],
          });
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
    /** Streamed partial images come this far apart (ms). */
    setStreamStep(ms: number) {
      streamStepMs = ms;
    },
    /** Image answers take this long from now on (ms, or a function drawn per answer), as a real model's would (benchmarks). */
    setImageTime(ms: number | (() => number)) {
      imageTimeMs = typeof ms === 'number' ? () => ms : ms;
    },
    reset() {
      received.length = 0;
      scripts.clear();
      streamStepMs = 0;
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

/**
 * A streamed images answer as the API sends it: server-sent events, `partial_images` partial
 * pictures (each a shade of its own, so a test can tell them from the final one) and then the
 * completed picture with its usage, `stepMs` apart so that a watcher sees them arrive.
 */
async function streamImages(
  res: http.ServerResponse,
  kind: 'image_generation' | 'image_edit',
  request: ReceivedRequest,
  width: number,
  height: number,
  stepMs: number,
  finalImage?: string,
) {
  const partials = Number(request.json?.partial_images ?? request.fields?.find((f) => f.name === 'partial_images')?.value ?? 0);
  const size = `${width}x${height}`;
  const common = { background: 'opaque', output_format: 'png', quality: 'auto', size };
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  const event = (type: string, data: Record<string, unknown>) =>
    res.write(`event: ${type}\ndata: ${JSON.stringify({ type, created_at: Math.floor(Date.now() / 1000), ...common, ...data })}\n\n`);
  for (let index = 0; index < partials; index++) {
    if (res.destroyed) return;
    event(`${kind}.partial_image`, { b64_json: await solidPng(width, height, 200 + index), partial_image_index: index });
    await new Promise((r) => setTimeout(r, stepMs));
  }
  if (res.destroyed) return;
  event(`${kind}.completed`, {
    b64_json: finalImage ?? (await solidPng(width, height, 0)),
    usage: { input_tokens: 10, output_tokens: 10, total_tokens: 20, input_tokens_details: { image_tokens: 0, text_tokens: 10 } },
  });
  res.end();
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
    fields.push(
      filename !== undefined
        ? { name, filename, size: Buffer.byteLength(value, 'latin1'), contentType: partType, data: Buffer.from(value, 'latin1') }
        : { name, value },
    );
  }
  return fields;
}
