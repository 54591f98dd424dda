import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import sharp from 'sharp';
import { WebSocketServer, type WebSocket } from 'ws';
import { CUSTOM_VALIDATED_INPUTS, nodeCatalogue, type InputSpec, type InstalledModels, type NodeInfo } from './comfyui-nodes';

/**
 * A local server that speaks ComfyUI's HTTP and WebSocket API (server.py, execution.py, main.py)
 * as strictly as ComfyUI does, so the ComfyUI engine is tested against its rules:
 *
 * - POST /prompt validates like `validate_prompt`: an unknown node class, a missing required
 *   input, a link to a node or output that does not exist, a value outside a choice list (a model
 *   file not installed), a number out of range, or a LoadImage of a file never uploaded is answered
 *   400 `{error, node_errors}` with ComfyUI's error types and wording;
 * - a valid prompt runs one at a time; the client whose `client_id` queued it hears over /ws the
 *   messages ComfyUI sends (`status`, `execution_start`, `execution_cached`, `executing`,
 *   `progress`, binary preview frames, `executed`, `execution_success`, `execution_error`,
 *   `execution_interrupted`, and `executing` with node null at the end); /history and /view
 *   answer with the outputs; /interrupt with a prompt_id stops only that prompt, if it runs;
 * - POST /upload/mask as server.py's upload_mask: `original_ref` (JSON `{filename, subfolder,
 *   type}`) names the photo whose alpha the uploaded PNG's alpha replaces, saved as a new PNG
 *   under the upload's own name; no original_ref (or one that is not JSON) is an unhandled error
 *   (500), a mask of another size too (PIL's putalpha), and a photo ComfyUI does not have is
 *   answered 200 with nothing saved — the LoadImage naming it is then refused at /prompt;
 * - with `apiKey`, every request needs `Authorization: Bearer <key>` (ComfyUI behind an
 *   authenticating proxy): 401 otherwise.
 *
 * The sampler "runs" for `stepMs` a step; tests script the next prompt to hang until interrupted
 * or to fail with an execution error (out of GPU memory, or any exception).
 */

/**
 * How the next prompt runs: hang until interrupted, fail with an execution error, or run to its
 * end before /prompt answers (as a prompt whose nodes ComfyUI has cached can).
 */
export type ComfyRunScript =
  { hang: true } | { executionError: 'out-of-memory' | { exceptionType: string; message: string } } | { finishBeforeAnswer: true };

export interface FakeComfyUiOptions {
  apiKey?: string;
  /** The model files installed; default: every file the shipped workflows load. */
  models?: Partial<InstalledModels>;
  /** How long each sampler step takes (ms). */
  stepMs?: number;
  /**
   * Prompts run at once (default 1, as one ComfyUI runs them): more stands for a farm of GPUs
   * behind one proxy (the benchmarks' replies in flight).
   */
  lanes?: number;
  /** Called as each progress message goes out over /ws (the benchmarks time the way to the browser). */
  onProgress?: (sent: { promptId: string; step: number; steps: number; prompt: Prompt['prompt']; at: number }) => void;
}

/** Every model file the shipped workflow templates load. */
export const SHIPPED_WORKFLOW_MODELS: InstalledModels = {
  checkpoints: ['flux1-schnell-fp8.safetensors'],
  diffusion_models: ['qwen_image_fp8_e4m3fn.safetensors', 'qwen_image_edit_2509_fp8_e4m3fn.safetensors'],
  text_encoders: ['qwen_2.5_vl_7b_fp8_scaled.safetensors'],
  vae: ['qwen_image_vae.safetensors'],
  upscale_models: ['RealESRGAN_x4plus.pth'],
};

interface Prompt {
  number: number;
  promptId: string;
  prompt: Record<string, { class_type?: string; inputs?: Record<string, unknown>; _meta?: unknown }>;
  extraData: Record<string, unknown>;
  outputs: string[];
  clientId: string | undefined;
  script: ComfyRunScript | undefined;
  interrupted: boolean;
  release?: () => void;
  /** When /prompt took it, and when its run ended (performance.now()): the engine's own time, queue included. */
  receivedAt: number;
  finishedAt?: number;
}

interface StoredFile {
  data: Buffer;
  width: number;
  height: number;
}

type ValidationError = { type: string; message: string; details: string; extra_info: Record<string, unknown> };
type Validated = [boolean, ValidationError[], string];

/** An exception ComfyUI's validation raises (a KeyError or IndexError), with Python's str(). */
class PythonError extends Error {}

export async function startFakeComfyUi(options: FakeComfyUiOptions = {}) {
  const models: InstalledModels = { ...SHIPPED_WORKFLOW_MODELS, ...options.models };
  let stepMs = options.stepMs ?? 5;
  const inputs = new Map<string, StoredFile>([['example.png', await storedPng(512, 512, 1)]]);
  const outputFiles = new Map<string, Buffer>();
  const history = new Map<string, Record<string, unknown>>();
  const sockets = new Map<string, WebSocket>();
  const queue: Prompt[] = [];
  const running = new Set<Prompt>();
  const lanes = Math.max(1, options.lanes ?? 1);
  /** Prompts whose /prompt answer waits for their run to end (finishBeforeAnswer). */
  const finishers = new Map<Prompt, () => void>();
  let number = 0;
  let nextScript: ComfyRunScript[] = [];
  const received: Array<{ method: string; path: string; json?: unknown; authorization?: string }> = [];
  const queued: Prompt[] = [];
  const interrupts: Array<string | null> = [];
  const catalogue = () =>
    nodeCatalogue(
      models,
      [...inputs.keys()].filter((name) => !name.includes('/')),
    );

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void handle(req, res, Buffer.concat(chunks)).catch((error: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { error: String(error) });
      });
    });
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://comfyui');
    if (url.pathname.replace(/^\/api/, '') !== '/ws') return refuseUpgrade(socket, 404, 'Not Found');
    if (!authorized(req)) return refuseUpgrade(socket, 401, 'Unauthorized');
    wss.handleUpgrade(req, socket, head, (ws) => {
      // As server.py: the clientId reuses a session, else a new one is made.
      const sid = url.searchParams.get('clientId') || randomUUID().replaceAll('-', '');
      sockets.get(sid)?.close();
      sockets.set(sid, ws);
      ws.on('close', () => {
        if (sockets.get(sid) === ws) sockets.delete(sid);
      });
      sendTo(sid, 'status', { status: queueInfo(), sid });
    });
  });

  function authorized(req: http.IncomingMessage): boolean {
    return !options.apiKey || req.headers.authorization === `Bearer ${options.apiKey}`;
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) {
    const url = new URL(req.url ?? '/', 'http://comfyui');
    // server.py serves every route with and without the /api prefix.
    const path = url.pathname.replace(/^\/api(?=\/)/, '');
    const contentType = req.headers['content-type'] ?? '';
    const json = contentType.includes('application/json') && body.length > 0 ? (JSON.parse(body.toString('utf8')) as unknown) : undefined;
    received.push({ method: req.method ?? 'GET', path, json, authorization: req.headers.authorization });
    if (!authorized(req)) return sendJson(res, 401, { error: 'Unauthorized' });

    if (req.method === 'GET' && path === '/object_info') return sendJson(res, 200, catalogue());
    const oneClass = /^\/object_info\/(.+)$/.exec(path);
    if (req.method === 'GET' && oneClass) {
      const name = decodeURIComponent(oneClass[1]!);
      const info = catalogue()[name];
      return sendJson(res, 200, info ? { [name]: info } : {});
    }
    if (req.method === 'GET' && path === '/system_stats')
      return sendJson(res, 200, { system: { comfyui_version: '0.3.65', os: 'posix' }, devices: [] });
    if (req.method === 'POST' && path === '/upload/image') return upload(req, res, body);
    if (req.method === 'POST' && path === '/upload/mask') return upload(req, res, body, maskOver);
    if (req.method === 'POST' && path === '/prompt') return postPrompt(res, (json ?? {}) as Record<string, unknown>);
    if (req.method === 'GET' && path === '/prompt') return sendJson(res, 200, queueInfo());
    const historyOf = /^\/history\/(.+)$/.exec(path);
    if (req.method === 'GET' && historyOf) {
      const entry = history.get(decodeURIComponent(historyOf[1]!));
      return sendJson(res, 200, entry ? { [decodeURIComponent(historyOf[1]!)]: entry } : {});
    }
    if (req.method === 'GET' && path === '/view') return view(res, url.searchParams);
    if (req.method === 'POST' && path === '/interrupt') {
      const promptId = (json as { prompt_id?: string } | undefined)?.prompt_id;
      interrupts.push(promptId ?? null);
      // A prompt_id interrupts only that prompt, and only while it runs; none interrupts whatever runs.
      for (const item of running) {
        if (promptId && item.promptId !== promptId) continue;
        item.interrupted = true;
        item.release?.();
      }
      return res.writeHead(200).end();
    }
    if (req.method === 'POST' && path === '/queue') {
      const toDelete = (json as { delete?: string[] } | undefined)?.delete ?? [];
      for (const id of toDelete) {
        const index = queue.findIndex((item) => item.promptId === id);
        if (index >= 0) queue.splice(index, 1);
      }
      return res.writeHead(200).end();
    }
    sendJson(res, 404, { error: `no route ${req.method} ${path}` });
  }

  /**
   * server.py's image_upload: the `image` file into the `type` folder's `subfolder`; `save` stands
   * for its image_save_function (/upload/mask's), which may save nothing.
   */
  async function upload(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    body: Buffer,
    save?: (data: Buffer, form: FormData) => Promise<Buffer | undefined>,
  ) {
    const form = await new Request('http://comfyui/upload/image', {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? '' },
      body: new Uint8Array(body),
    }).formData();
    const image = form.get('image');
    if (!(image instanceof File) || !image.name) return res.writeHead(400).end();
    const subfolder = String(form.get('subfolder') ?? '');
    const type = String(form.get('type') ?? 'input');
    if (subfolder.includes('..') || image.name.includes('/') || image.name.includes('..')) return res.writeHead(400).end();
    const data = Buffer.from(await image.arrayBuffer());
    const overwrite = ['true', '1'].includes(String(form.get('overwrite') ?? ''));
    const stem = image.name.replace(/\.[^.]*$/, '');
    const extension = image.name.slice(stem.length);
    let name = image.name;
    // As image_upload: an existing name gets " (1)", " (2)"… unless it holds the same bytes.
    let duplicate = false;
    for (let i = 1; !overwrite && inputs.has(annotated(subfolder, name)); i++) {
      if (inputs.get(annotated(subfolder, name))!.data.equals(data)) {
        duplicate = true;
        break;
      }
      name = `${stem} (${i})${extension}`;
    }
    if (!duplicate) {
      let saved: Buffer | undefined = data;
      if (save) {
        try {
          saved = await save(data, form);
        } catch (error) {
          // aiohttp answers an exception in a handler with a bare 500.
          return res
            .writeHead(500, { 'Content-Type': 'text/plain' })
            .end(`500 Internal Server Error\n\nServer got itself in trouble (${(error as Error).message})`);
        }
      }
      if (saved) {
        const { width = 0, height = 0 } = await sharp(saved).metadata();
        inputs.set(annotated(subfolder, name), { data: saved, width, height });
      }
    }
    sendJson(res, 200, { name, subfolder, type });
  }

  /**
   * upload_mask's image_save_function: the photo original_ref names, converted to RGBA, with the
   * uploaded image's alpha put in (same size, or PIL refuses), as PNG. A photo that is not there,
   * or a name reaching outside the folder, saves nothing (the function's 400 is never answered).
   */
  async function maskOver(data: Buffer, form: FormData): Promise<Buffer | undefined> {
    const raw = form.get('original_ref');
    if (typeof raw !== 'string') throw new TypeError('the JSON object must be str, bytes or bytearray, not NoneType');
    let ref: { filename?: unknown; subfolder?: unknown; type?: unknown };
    try {
      ref = JSON.parse(raw) as typeof ref;
    } catch {
      throw new SyntaxError('json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)');
    }
    if (typeof ref.filename !== 'string') throw new Error("KeyError: 'filename'");
    // folder_paths.annotated_filepath: a " [input]", " [output]" or " [temp]" suffix names the folder.
    const suffix = / \[(input|output|temp)\]$/.exec(ref.filename);
    const filename = suffix ? ref.filename.slice(0, suffix.index) : ref.filename;
    const folder = suffix ? suffix[1]! : typeof ref.type === 'string' ? ref.type : 'output';
    if (!filename || filename.startsWith('/') || filename.includes('..')) return undefined;
    const key = annotated(typeof ref.subfolder === 'string' ? ref.subfolder : '', filename);
    const original = folder === 'input' ? inputs.get(key)?.data : outputFiles.get(`${folder}:${key}`);
    if (!original) return undefined;
    const photo = await sharp(original).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const mask = await sharp(data).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    if (photo.info.width !== mask.info.width || photo.info.height !== mask.info.height) throw new Error('ValueError: images do not match');
    for (let pixel = 0; pixel < photo.info.width * photo.info.height; pixel += 1) photo.data[pixel * 4 + 3] = mask.data[pixel * 4 + 3]!;
    return sharp(photo.data, { raw: { width: photo.info.width, height: photo.info.height, channels: 4 } })
      .png()
      .toBuffer();
  }

  function view(res: http.ServerResponse, query: URLSearchParams) {
    const filename = query.get('filename');
    if (!filename) return res.writeHead(404).end();
    if (filename.startsWith('/') || filename.includes('..')) return res.writeHead(400).end();
    const key = `${query.get('type') ?? 'output'}:${annotated(query.get('subfolder') ?? '', filename)}`;
    const data = key.startsWith('input:') ? inputs.get(key.slice('input:'.length))?.data : outputFiles.get(key);
    if (!data) return res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Disposition': `filename="${filename}"` }).end(data);
  }

  async function postPrompt(res: http.ServerResponse, body: Record<string, unknown>) {
    if (!('prompt' in body))
      return sendJson(res, 400, {
        error: { type: 'no_prompt', message: 'No prompt provided', details: 'No prompt provided', extra_info: {} },
        node_errors: {},
      });
    const prompt = body.prompt as Prompt['prompt'];
    const promptId = String(body.prompt_id ?? randomUUID());
    const result = validatePrompt(prompt);
    if (!result.ok) return sendJson(res, 400, { error: result.error, node_errors: result.nodeErrors });
    const extraData = { ...((body.extra_data as Record<string, unknown> | undefined) ?? {}) };
    if (typeof body.client_id === 'string') extraData.client_id = body.client_id;
    const item: Prompt = {
      number: number++,
      promptId,
      prompt,
      extraData,
      outputs: result.outputs,
      clientId: body.client_id as string | undefined,
      script: nextScript.shift(),
      interrupted: false,
      receivedAt: performance.now(),
    };
    queue.push(item);
    queued.push(item);
    if (item.script && 'finishBeforeAnswer' in item.script) {
      const finished = new Promise<void>((resolve) => finishers.set(item, resolve));
      void work();
      await finished;
    }
    sendJson(res, 200, { prompt_id: promptId, number: item.number, node_errors: result.nodeErrors });
    broadcastStatus();
    void work();
  }

  // execution.py's validate_prompt and validate_inputs, message for message.
  function validatePrompt(
    prompt: Prompt['prompt'],
  ):
    | { ok: true; outputs: string[]; nodeErrors: Record<string, unknown> }
    | { ok: false; error: ValidationError; nodeErrors: Record<string, unknown> } {
    const nodes = catalogue();
    const outputs: string[] = [];
    for (const [id, node] of Object.entries(prompt)) {
      const title = (node._meta as { title?: string } | undefined)?.title;
      if (!node.class_type) {
        return {
          ok: false,
          error: {
            type: 'missing_node_type',
            message: `Node '${title ?? `ID #${id}`}' has no class_type. The workflow may be corrupted or a custom node is missing.`,
            details: `Node ID '#${id}'`,
            extra_info: { node_id: id, class_type: null, node_title: title ?? null },
          },
          nodeErrors: {},
        };
      }
      const info = nodes[node.class_type];
      if (!info) {
        return {
          ok: false,
          error: {
            type: 'missing_node_type',
            message: `Node '${title ?? node.class_type}' not found. The custom node may not be installed.`,
            details: `Node ID '#${id}'`,
            extra_info: { node_id: id, class_type: node.class_type, node_title: title ?? node.class_type },
          },
          nodeErrors: {},
        };
      }
      if (info.output_node) outputs.push(id);
    }
    if (outputs.length === 0)
      return {
        ok: false,
        error: { type: 'prompt_no_outputs', message: 'Prompt has no outputs', details: '', extra_info: {} },
        nodeErrors: {},
      };

    const validated = new Map<string, Validated>();
    const goodOutputs: string[] = [];
    const errors: Array<[string, ValidationError[]]> = [];
    const nodeErrors: Record<string, { errors: ValidationError[]; dependent_outputs: string[]; class_type: string }> = {};
    for (const output of outputs) {
      let valid: boolean;
      let reasons: ValidationError[];
      try {
        [valid, reasons] = validateInputs(prompt, nodes, output, validated);
      } catch (error) {
        valid = false;
        reasons = [
          {
            type: 'exception_during_validation',
            message: 'Exception when validating node',
            details: (error as Error).message,
            extra_info: { exception_type: (error as Error).name, traceback: [] },
          },
        ];
        validated.set(output, [false, reasons, output]);
      }
      if (valid) {
        goodOutputs.push(output);
        continue;
      }
      errors.push([output, reasons]);
      for (const [nodeId, [ok, nodeReasons]] of validated) {
        if (ok || nodeReasons.length === 0) continue;
        nodeErrors[nodeId] ??= { errors: nodeReasons, dependent_outputs: [], class_type: prompt[nodeId]!.class_type! };
        nodeErrors[nodeId].dependent_outputs.push(output);
      }
    }
    if (goodOutputs.length === 0) {
      const details = errors.flatMap(([, list]) => list.map((error) => `${error.message}: ${error.details}`)).join('\n');
      return {
        ok: false,
        error: { type: 'prompt_outputs_failed_validation', message: 'Prompt outputs failed validation', details, extra_info: {} },
        nodeErrors,
      };
    }
    return { ok: true, outputs: goodOutputs, nodeErrors };
  }

  function validateInputs(
    prompt: Prompt['prompt'],
    nodes: Record<string, NodeInfo>,
    id: string,
    validated: Map<string, Validated>,
  ): Validated {
    const done = validated.get(id);
    if (done) return done;
    const node = prompt[id]!;
    const info = nodes[node.class_type!]!;
    const given = node.inputs ?? {};
    const specs: Array<[string, InputSpec, 'required' | 'optional']> = [
      ...Object.entries(info.input.required).map(([name, spec]) => [name, spec, 'required'] as [string, InputSpec, 'required']),
      ...Object.entries(info.input.optional ?? {}).map(([name, spec]) => [name, spec, 'optional'] as [string, InputSpec, 'optional']),
    ];
    const customInputs = CUSTOM_VALIDATED_INPUTS[node.class_type!] ?? [];
    const errors: ValidationError[] = [];
    let valid = true;
    for (const [name, spec, category] of specs) {
      const [inputType, extra = {}] = spec;
      if (!(name in given)) {
        if (category === 'required')
          errors.push({
            type: 'required_input_missing',
            message: 'Required input is missing',
            details: name,
            extra_info: { input_name: name },
          });
        continue;
      }
      const value = given[name];
      if (Array.isArray(value)) {
        if (value.length !== 2) {
          errors.push({
            type: 'bad_linked_input',
            message: 'Bad linked input, must be a length-2 list of [node_id, slot_index]',
            details: name,
            extra_info: { input_name: name, input_config: spec, received_value: value },
          });
          continue;
        }
        const [linkedId, slot] = value as [string, number];
        const linked = prompt[linkedId];
        // prompt[o_id] and RETURN_TYPES[slot] in Python: a KeyError or an IndexError.
        if (!linked) throw Object.assign(new PythonError(`'${linkedId}'`), { name: 'KeyError' });
        const receivedType = nodes[linked.class_type!]!.output[slot];
        if (receivedType === undefined) throw Object.assign(new PythonError('tuple index out of range'), { name: 'IndexError' });
        if (!typesMatch(receivedType, inputType)) {
          errors.push({
            type: 'return_type_mismatch',
            message: 'Return type mismatch between linked nodes',
            details: `${name}, received_type(${receivedType}) mismatch input_type(${String(inputType)})`,
            extra_info: { input_name: name, input_config: spec, received_type: receivedType, linked_node: value },
          });
          continue;
        }
        try {
          const [linkedValid] = validateInputs(prompt, nodes, linkedId, validated);
          if (!linkedValid) valid = false;
        } catch (error) {
          valid = false;
          validated.set(linkedId, [
            false,
            [
              {
                type: 'exception_during_inner_validation',
                message: 'Exception when validating inner node',
                details: (error as Error).message,
                extra_info: {
                  input_name: name,
                  input_config: spec,
                  exception_message: (error as Error).message,
                  exception_type: (error as Error).name,
                  traceback: [],
                  linked_node: value,
                },
              },
            ],
            linkedId,
          ]);
        }
        continue;
      }
      const converted = convert(inputType, value);
      if (converted.error) {
        errors.push({
          type: 'invalid_input_type',
          message: `Failed to convert an input value to a ${String(inputType)} value`,
          details: `${name}, ${String(value)}, ${converted.error}`,
          extra_info: { input_name: name, input_config: spec, received_value: value, exception_message: converted.error },
        });
        continue;
      }
      const actual = converted.value;
      if (customInputs.includes(name)) continue;
      if (typeof extra.min === 'number' && typeof actual === 'number' && actual < extra.min) {
        errors.push({
          type: 'value_smaller_than_min',
          message: `Value ${actual} smaller than min of ${extra.min}`,
          details: name,
          extra_info: { input_name: name, input_config: spec, received_value: actual },
        });
        continue;
      }
      if (typeof extra.max === 'number' && typeof actual === 'number' && actual > extra.max) {
        errors.push({
          type: 'value_bigger_than_max',
          message: `Value ${actual} bigger than max of ${extra.max}`,
          details: name,
          extra_info: { input_name: name, input_config: spec, received_value: actual },
        });
        continue;
      }
      if (Array.isArray(inputType) && !inputType.includes(actual)) {
        const listInfo =
          inputType.length > 20
            ? `(list of length ${inputType.length})`
            : `[${inputType.map((choice) => `'${String(choice)}'`).join(', ')}]`;
        errors.push({
          type: 'value_not_in_list',
          message: 'Value not in list',
          details: `${name}: '${String(actual)}' not in ${listInfo}`,
          extra_info: { input_name: name, input_config: inputType.length > 20 ? null : spec, received_value: actual },
        });
      }
    }
    // LoadImage.VALIDATE_INPUTS: the file must be in ComfyUI's input folder (uploaded).
    if (node.class_type === 'LoadImage' && typeof given.image === 'string' && !inputs.has(given.image.replace(/ \[input\]$/, ''))) {
      errors.push({
        type: 'custom_validation_failed',
        message: 'Custom validation failed for node',
        details: `image - Invalid image file: ${given.image}`,
        extra_info: { input_name: 'image' },
      });
    }
    const result: Validated = errors.length > 0 || !valid ? [false, errors, id] : [true, [], id];
    validated.set(id, result);
    return result;
  }

  async function work() {
    while (running.size < lanes && queue.length > 0) {
      const item = queue.shift()!;
      running.add(item);
      void execute(item).finally(() => {
        running.delete(item);
        finishers.get(item)?.();
        finishers.delete(item);
        broadcastStatus();
        void work();
      });
    }
  }

  async function execute(item: Prompt) {
    const { promptId, prompt } = item;
    const messages: Array<[string, unknown]> = [];
    // PromptExecutor.add_message: recorded for /history, sent to the prompt's client with a timestamp.
    const add = (event: string, data: Record<string, unknown>) => {
      const stamped = { ...data, timestamp: Date.now() };
      messages.push([event, stamped]);
      if (item.clientId) sendTo(item.clientId, event, stamped);
    };
    add('execution_start', { prompt_id: promptId });
    add('execution_cached', { nodes: [], prompt_id: promptId });
    const executed: string[] = [];
    const outputs: Record<string, { images: Array<{ filename: string; subfolder: string; type: string }> }> = {};
    let status: 'success' | 'error' = 'success';
    for (const id of executionOrder(prompt, item.outputs)) {
      const node = prompt[id]!;
      if (item.clientId) sendTo(item.clientId, 'executing', { node: id, display_node: id, prompt_id: promptId });
      const failure = await runNode(item, id);
      if (failure === 'interrupted') {
        add('execution_interrupted', { prompt_id: promptId, node_id: id, node_type: node.class_type, executed: [...executed] });
        status = 'error';
        break;
      }
      if (failure) {
        add('execution_error', {
          prompt_id: promptId,
          node_id: id,
          node_type: node.class_type,
          executed: [...executed],
          exception_message: failure.message,
          exception_type: failure.exceptionType,
          traceback: ['  File "/ComfyUI/execution.py", line 496, in execute\n'],
          current_inputs: {},
          current_outputs: [],
        });
        status = 'error';
        break;
      }
      if (node.class_type === 'SaveImage' || node.class_type === 'PreviewImage') {
        outputs[id] = { images: await saveImages(item, id) };
        if (item.clientId) sendTo(item.clientId, 'executed', { node: id, display_node: id, output: outputs[id], prompt_id: promptId });
      }
      executed.push(id);
    }
    if (status === 'success') add('execution_success', { prompt_id: promptId });
    history.set(promptId, {
      prompt: [item.number, promptId, prompt, item.extraData, item.outputs],
      outputs,
      status: { status_str: status, completed: status === 'success', messages },
      meta: Object.fromEntries(
        Object.keys(outputs).map((id) => [id, { node_id: id, display_node: id, parent_node: null, real_node_id: id }]),
      ),
    });
    item.finishedAt = performance.now();
    if (item.clientId) sendTo(item.clientId, 'executing', { node: null, prompt_id: promptId });
  }

  /** A sampler works `steps` steps with a progress message and a preview after each; other nodes are instant. */
  async function runNode(item: Prompt, id: string): Promise<'interrupted' | { exceptionType: string; message: string } | undefined> {
    const node = item.prompt[id]!;
    if (node.class_type !== 'KSampler' && node.class_type !== 'ImageUpscaleWithModel') return undefined;
    const steps = node.class_type === 'KSampler' ? Number(node.inputs!.steps) : 1;
    for (let step = 1; step <= steps; step++) {
      if (item.interrupted) return 'interrupted';
      if (item.script && 'hang' in item.script && step === Math.ceil(steps / 2)) {
        await new Promise<void>((resolve) => (item.release = resolve));
        if (item.interrupted) return 'interrupted';
      }
      await new Promise((resolve) => setTimeout(resolve, stepMs));
      if (item.interrupted) return 'interrupted';
      if (item.script && 'executionError' in item.script && step === Math.ceil(steps / 2)) {
        const scripted = item.script.executionError;
        return scripted === 'out-of-memory'
          ? {
              exceptionType: 'torch.OutOfMemoryError',
              message:
                'Allocation on device \nThis error means you ran out of memory on your GPU.\n\nTIPS: If the workflow worked before you might have accidentally set the batch_size to a large number.',
            }
          : { exceptionType: scripted.exceptionType, message: scripted.message };
      }
      if (item.clientId) {
        sendTo(item.clientId, 'progress', { value: step, max: steps, prompt_id: item.promptId, node: id });
        options.onProgress?.({ promptId: item.promptId, step, steps, prompt: item.prompt, at: performance.now() });
        sendPreview(item.clientId);
      }
    }
    return undefined;
  }

  async function saveImages(item: Prompt, id: string) {
    const { width, height, batch } = sizeOf(item.prompt, id);
    const prefix = String(item.prompt[id]!.inputs!.filename_prefix ?? 'ComfyUI');
    const slash = prefix.lastIndexOf('/');
    const subfolder = slash >= 0 ? prefix.slice(0, slash) : '';
    const stem = slash >= 0 ? prefix.slice(slash + 1) : prefix;
    const type = item.prompt[id]!.class_type === 'SaveImage' ? 'output' : 'temp';
    const images = [];
    for (let index = 0; index < batch; index++) {
      const filename = `${stem}_${String(outputFiles.size + 1).padStart(5, '0')}_.png`;
      outputFiles.set(`${type}:${annotated(subfolder, filename)}`, (await storedPng(width, height, index + item.number)).data);
      images.push({ filename, subfolder, type });
    }
    return images;
  }

  /** Width, height and batch of what a node makes, following the links of the nodes the workflows use. */
  function sizeOf(prompt: Prompt['prompt'], id: string): { width: number; height: number; batch: number } {
    const node = prompt[id]!;
    const inputsOf = node.inputs ?? {};
    const from = (name: string) => sizeOf(prompt, (inputsOf[name] as [string, number])[0]);
    switch (node.class_type) {
      case 'EmptyLatentImage':
      case 'EmptySD3LatentImage':
        return { width: Number(inputsOf.width), height: Number(inputsOf.height), batch: Number(inputsOf.batch_size) };
      case 'RepeatLatentBatch': {
        const inner = from('samples');
        return { ...inner, batch: inner.batch * Number(inputsOf.amount) };
      }
      case 'KSampler':
        return from('latent_image');
      case 'SetLatentNoiseMask':
        return from('samples');
      case 'VAEDecode':
        return from('samples');
      case 'VAEEncode':
      case 'VAEEncodeForInpaint':
      case 'InpaintModelConditioning': {
        const pixels = from('pixels');
        return { ...pixels, width: Math.floor(pixels.width / 8) * 8, height: Math.floor(pixels.height / 8) * 8 };
      }
      case 'LoadImage': {
        const file = inputs.get(String(inputsOf.image));
        return { width: file?.width ?? 512, height: file?.height ?? 512, batch: 1 };
      }
      case 'ImageScaleToTotalPixels': {
        const image = from('image');
        const scale = Math.sqrt((Number(inputsOf.megapixels) * 1024 * 1024) / (image.width * image.height));
        return { ...image, width: Math.round(image.width * scale), height: Math.round(image.height * scale) };
      }
      case 'ImageScaleBy': {
        const image = from('image');
        return {
          ...image,
          width: Math.round(image.width * Number(inputsOf.scale_by)),
          height: Math.round(image.height * Number(inputsOf.scale_by)),
        };
      }
      case 'ImageUpscaleWithModel': {
        const image = from('image');
        return { ...image, width: image.width * 4, height: image.height * 4 };
      }
      case 'SaveImage':
      case 'PreviewImage':
        return from('images');
      default:
        return { width: 512, height: 512, batch: 1 };
    }
  }

  function queueInfo() {
    return { exec_info: { queue_remaining: queue.length + running.size } };
  }

  function broadcastStatus() {
    for (const sid of sockets.keys()) sendTo(sid, 'status', { status: queueInfo() });
  }

  function sendTo(sid: string, type: string, data: unknown) {
    const ws = sockets.get(sid);
    if (ws && ws.readyState === ws.OPEN) ws.send(JSON.stringify({ type, data }));
  }

  /** server.py's send_image: PREVIEW_IMAGE (1), then the image type (1: JPEG), then the bytes. */
  function sendPreview(sid: string) {
    const ws = sockets.get(sid);
    if (!ws || ws.readyState !== ws.OPEN || !previewJpeg) return;
    const header = Buffer.alloc(8);
    header.writeUInt32BE(1, 0);
    header.writeUInt32BE(1, 4);
    ws.send(Buffer.concat([header, previewJpeg]));
  }
  const previewJpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 90, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Every HTTP request, in order (the WebSocket's upgrade excepted). */
    received,
    /** Every prompt that passed validation, with what it ran. */
    prompts: queued,
    /** prompt_id of every /interrupt (null: a global one). */
    interrupts,
    /** The uploaded files, by the name LoadImage takes (`subfolder/name`). */
    uploads: inputs,
    /** How the next prompts run: hang until interrupted, or fail with an execution error. */
    script(...runs: ComfyRunScript[]) {
      nextScript.push(...runs);
    },
    setStepMs(ms: number) {
      stepMs = ms;
    },
    setModels(installed: Partial<InstalledModels>) {
      Object.assign(models, installed);
    },
    /** Whether a prompt is queued or running. */
    busy: () => running.size > 0 || queue.length > 0,
    reset() {
      received.length = 0;
      queued.length = 0;
      interrupts.length = 0;
      nextScript = [];
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const item of [...running, ...queue]) {
          item.interrupted = true;
          item.release?.();
        }
        for (const ws of sockets.values()) ws.terminate();
        wss.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type FakeComfyUi = Awaited<ReturnType<typeof startFakeComfyUi>>;

/** The nodes to run for the outputs, each after the nodes it links to. */
function executionOrder(prompt: Prompt['prompt'], outputs: string[]): string[] {
  const order: string[] = [];
  const visit = (id: string) => {
    if (order.includes(id)) return;
    for (const value of Object.values(prompt[id]?.inputs ?? {}))
      if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string') visit(value[0]);
    order.push(id);
  };
  for (const output of outputs) visit(output);
  return order;
}

/** comfy_execution.validation.validate_node_input: equal types, "*", or one of a comma-separated set. */
function typesMatch(received: string, expected: unknown): boolean {
  if (typeof expected !== 'string') return false;
  if (received === '*' || expected === '*' || received === expected) return true;
  const wanted = new Set(expected.split(','));
  return received.split(',').every((type) => wanted.has(type));
}

/** Python's int(), float(), str() and bool() of an input value. */
function convert(type: unknown, value: unknown): { value: unknown; error?: string } {
  if (type === 'INT') {
    if (typeof value === 'number' && Number.isFinite(value)) return { value: Math.trunc(value) };
    if (typeof value === 'boolean') return { value: value ? 1 : 0 };
    if (typeof value === 'string' && /^\s*[-+]?\d+\s*$/.test(value)) return { value: Number(value) };
    return { value, error: `invalid literal for int() with base 10: '${String(value)}'` };
  }
  if (type === 'FLOAT') {
    if (typeof value === 'number') return { value };
    if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return { value: Number(value) };
    return { value, error: `could not convert string to float: '${String(value)}'` };
  }
  if (type === 'STRING') return { value: typeof value === 'string' ? value : JSON.stringify(value) };
  if (type === 'BOOLEAN') return { value: Boolean(value) };
  return { value };
}

/** folder_paths' annotated name: `subfolder/name`, or the name alone. */
const annotated = (subfolder: string, name: string) => (subfolder ? `${subfolder}/${name}` : name);

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

function refuseUpgrade(socket: Duplex, status: number, text: string) {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

async function storedPng(width: number, height: number, shade: number): Promise<StoredFile> {
  const data = await sharp({ create: { width, height, channels: 3, background: { r: (53 * shade) % 256, g: 140, b: 90 } } })
    .png()
    .toBuffer();
  return { data, width, height };
}
