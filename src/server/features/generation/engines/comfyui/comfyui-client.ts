import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { z } from 'zod';
import { extensionOf } from '../../../../storage/storage-keys';
import type { EngineImage } from '../image-engine';
import { send, sendForJson, ServerAnswerError, ServerUnreachableError } from '../self-hosted-http';
import type { ApiPrompt } from './workflow';

/**
 * ComfyUI's HTTP and WebSocket API (server.py) as the engine uses it: /object_info, /upload/image,
 * /upload/mask, /prompt, /history, /view, /interrupt, /queue and /ws. A COMFYUI_API_KEY goes along as a Bearer
 * token on every request (for a ComfyUI behind an authenticating proxy).
 */

/** One input as /object_info describes it: `[type or [...choices], {options}]`. */
export type InputSpec = [unknown, Record<string, unknown>?];
export interface NodeClassInfo {
  input: { required?: Record<string, InputSpec>; optional?: Record<string, InputSpec> };
  output?: string[];
  output_node?: boolean;
}
export type ObjectInfo = Record<string, NodeClassInfo>;

/** The choices of a choice input: V1 nodes list them as the type, V3 nodes as `["COMBO", {options}]`. */
export function choicesOf(spec: InputSpec | undefined): unknown[] | undefined {
  if (!spec) return undefined;
  if (Array.isArray(spec[0])) return spec[0] as unknown[];
  if (spec[0] === 'COMBO' && Array.isArray(spec[1]?.options)) return spec[1].options as unknown[];
  return undefined;
}

const uploadedSchema = z.object({ name: z.string(), subfolder: z.string().default('') });
/** A file in ComfyUI's input folder, as /upload/image answers it. */
export type UploadedFile = z.infer<typeof uploadedSchema>;
/** The name LoadImage takes: `subfolder/name`. */
const loadImageName = (file: UploadedFile) => (file.subfolder ? `${file.subfolder}/${file.name}` : file.name);

const outputImageSchema = z.object({ filename: z.string(), subfolder: z.string().default(''), type: z.string().default('output') });
export type OutputImage = z.infer<typeof outputImageSchema>;
const historyEntrySchema = z.object({
  outputs: z.record(z.string(), z.looseObject({ images: z.array(outputImageSchema).optional() })).default({}),
  status: z.object({ status_str: z.string(), completed: z.boolean() }).partial().optional(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** A message of ComfyUI's WebSocket: `{type, data}`. */
export interface SocketMessage {
  type: string;
  data: Record<string, unknown>;
}

/** A connection to /ws under our own client id: ComfyUI sends the progress of our prompts to it. */
export interface ComfyUiSocket {
  /** Every message since the socket opened, then each one as it comes: a run may finish before its listener is added. */
  onMessage(listener: (message: SocketMessage) => void): void;
  /** Binary frames: server.py's PREVIEW_IMAGE (1) carries the image type (1: JPEG, 2: PNG) and the image. */
  onPreview(listener: (image: Buffer, type: 'jpeg' | 'png') => void): void;
  onClose(listener: () => void): void;
  close(): void;
}

/** ComfyUI answers a socket's first message (`status`) within this long, or it is not answering. */
const SOCKET_OPEN_TIMEOUT_MS = 10_000;
/** Interrupting after a time-out may take this long at most: the try is over already. */
const CLEANUP_TIMEOUT_MS = 5_000;

export class ComfyUiClient {
  constructor(private readonly config: { url: string; apiKey: string | undefined }) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { ...(this.config.apiKey ? { Authorization: `Bearer ${this.config.apiKey}` } : {}), ...extra };
  }

  objectInfo(signal?: AbortSignal): Promise<ObjectInfo> {
    return sendForJson<ObjectInfo>(`${this.config.url}/object_info`, { headers: this.headers(), signal, what: 'ComfyUI /object_info' });
  }

  /** Uploads a photo into ComfyUI's input folder (subfolder photomuse) and answers the name LoadImage takes. */
  async upload(image: EngineImage, signal?: AbortSignal): Promise<string> {
    return loadImageName(await this.uploadFile(image, signal));
  }

  /** As `upload`, answering where ComfyUI put the file (what /upload/mask's original_ref names). */
  async uploadFile(image: EngineImage, signal?: AbortSignal): Promise<UploadedFile> {
    const form = new FormData();
    form.append(
      'image',
      new Blob([new Uint8Array(image.data)], { type: image.mimeType }),
      `photomuse-${randomUUID()}.${extensionOf(image.mimeType)}`,
    );
    form.append('type', 'input');
    form.append('subfolder', 'photomuse');
    return uploadedSchema.parse(
      await sendForJson(`${this.config.url}/upload/image`, {
        method: 'POST',
        body: form,
        headers: this.headers(),
        signal,
        what: 'ComfyUI /upload/image',
      }),
    );
  }

  /**
   * /upload/mask: ComfyUI opens the uploaded photo `original`, replaces its alpha with the alpha of
   * `maskPng` (which must be the photo's size) and saves the result as a new PNG in the input
   * folder; LoadImage of that name gives the photo and, as MASK, 1 where the alpha is 0. Answers
   * the name LoadImage takes. A photo ComfyUI does not have is not refused here (nothing is saved,
   * and the prompt naming it is refused); a missing original_ref is a 500.
   */
  async uploadMask(original: UploadedFile, maskPng: Buffer, signal?: AbortSignal): Promise<string> {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(maskPng)], { type: 'image/png' }), `photomuse-mask-${randomUUID()}.png`);
    form.append('type', 'input');
    form.append('subfolder', 'photomuse');
    form.append('original_ref', JSON.stringify({ filename: original.name, subfolder: original.subfolder, type: 'input' }));
    const answer = uploadedSchema.parse(
      await sendForJson(`${this.config.url}/upload/mask`, {
        method: 'POST',
        body: form,
        headers: this.headers(),
        signal,
        what: 'ComfyUI /upload/mask',
      }),
    );
    return loadImageName(answer);
  }

  /**
   * Queues a prompt for our client id under the prompt id we chose (ComfyUI takes one since 0.3.4x;
   * older ones choose their own, which is answered), so that a time-out while queueing can still
   * stop it. A prompt ComfyUI refuses throws a ServerAnswerError (400).
   */
  async queuePrompt(prompt: ApiPrompt, clientId: string, promptId: string, signal?: AbortSignal): Promise<string> {
    const answer = await sendForJson<{ prompt_id: string }>(`${this.config.url}/prompt`, {
      method: 'POST',
      headers: this.headers({ 'Content-Type': 'application/json' }),
      body: JSON.stringify({ prompt, client_id: clientId, prompt_id: promptId }),
      signal,
      what: 'ComfyUI /prompt',
    });
    return answer.prompt_id;
  }

  async history(promptId: string, signal?: AbortSignal): Promise<HistoryEntry | undefined> {
    const answer = await sendForJson<Record<string, unknown>>(`${this.config.url}/history/${encodeURIComponent(promptId)}`, {
      headers: this.headers(),
      signal,
      what: 'ComfyUI /history',
    });
    const entry = answer[promptId];
    return entry === undefined ? undefined : historyEntrySchema.parse(entry);
  }

  async view(image: OutputImage, signal?: AbortSignal): Promise<EngineImage> {
    const query = new URLSearchParams({ filename: image.filename, subfolder: image.subfolder, type: image.type });
    const response = await send(`${this.config.url}/view?${query.toString()}`, { headers: this.headers(), signal, what: 'ComfyUI /view' });
    return {
      data: Buffer.from(await response.arrayBuffer()),
      mimeType: response.headers.get('content-type')?.split(';')[0] ?? 'image/png',
    };
  }

  /**
   * Stops our prompt however far it got: /interrupt with its id stops it only if it is the one
   * running (another user's is left alone), and /queue drops it if it still waits. Best effort.
   */
  async stop(promptId: string): Promise<void> {
    const post = (path: string, body: unknown) =>
      send(`${this.config.url}${path}`, {
        method: 'POST',
        headers: this.headers({ 'Content-Type': 'application/json' }),
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(CLEANUP_TIMEOUT_MS),
        what: `ComfyUI ${path}`,
      }).catch(() => undefined);
    await Promise.all([post('/interrupt', { prompt_id: promptId }), post('/queue', { delete: [promptId] })]);
  }

  /** Opens /ws under `clientId`; resolves once ComfyUI has greeted it (its `status` message), so nothing of our prompt is missed. */
  openSocket(clientId: string, signal?: AbortSignal): Promise<ComfyUiSocket> {
    const url = `${this.config.url.replace(/^http/, 'ws')}/ws?clientId=${encodeURIComponent(clientId)}`;
    const socket = new WebSocket(url, { headers: this.headers(), handshakeTimeout: SOCKET_OPEN_TIMEOUT_MS });
    const messageListeners: Array<(message: SocketMessage) => void> = [];
    // ComfyUI may start (and finish) a prompt before POST /prompt has answered: its messages wait here.
    const messages: SocketMessage[] = [];
    const previewListeners: Array<(image: Buffer, type: 'jpeg' | 'png') => void> = [];
    const closeListeners: Array<() => void> = [];
    const handle: ComfyUiSocket = {
      onMessage: (listener) => {
        messageListeners.push(listener);
        for (const message of messages) listener(message);
      },
      onPreview: (listener) => previewListeners.push(listener),
      onClose: (listener) => closeListeners.push(listener),
      close: () => socket.terminate(),
    };
    return new Promise((resolve, reject) => {
      let greeted = false;
      const timer = setTimeout(() => fail(new ServerUnreachableError(url, new Error('no status message'))), SOCKET_OPEN_TIMEOUT_MS);
      const fail = (error: unknown) => {
        clearTimeout(timer);
        socket.terminate();
        reject(error);
      };
      const onAbort = () => fail(signal!.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      socket.on('error', (error) => {
        if (!greeted) fail(new ServerUnreachableError(url, error));
      });
      socket.on('unexpected-response', (_request, response) => {
        fail(new ServerAnswerError(response.statusCode ?? 0, '', 'ComfyUI /ws'));
      });
      socket.on('close', () => {
        for (const listener of closeListeners) listener();
      });
      socket.on('message', (raw: WebSocket.RawData, isBinary: boolean) => {
        const data = Buffer.isBuffer(raw) ? raw : Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw);
        if (isBinary) {
          if (data.length > 8 && data.readUInt32BE(0) === 1) {
            const type = data.readUInt32BE(4) === 2 ? 'png' : 'jpeg';
            for (const listener of previewListeners) listener(data.subarray(8), type);
          }
          return;
        }
        let message: SocketMessage;
        try {
          message = JSON.parse(data.toString('utf8')) as SocketMessage;
        } catch {
          return;
        }
        if (!greeted && message.type === 'status') {
          greeted = true;
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
          resolve(handle);
          return;
        }
        messages.push(message);
        for (const listener of messageListeners) listener(message);
      });
    });
  }
}
