import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A local server that speaks AUTOMATIC1111's web UI API (modules/api/api.py, models.py) as it runs
 * with `--api --api-auth user:pass`: every /sdapi route needs HTTP Basic credentials (401 with
 * FastAPI's `{error, detail, body, errors}` otherwise); txt2img, img2img, extra-single-image,
 * progress, interrupt, sd-models, upscalers and options answer in A1111's shapes. Like A1111, one
 * picture is made at a time (its queue lock); a checkpoint asked for that it does not have is not
 * refused — A1111 falls back to the loaded one — so tests read `usedModels`. An unknown sampler is
 * 404, an unknown upscaler 500 (AssertionError), a non-number width 422 (pydantic).
 */

export interface A1111Model {
  title: string;
  model_name: string;
  hash: string;
  sha256: string;
  filename: string;
  config: string | null;
}

export interface FakeA1111Options {
  /** --api-auth user:password. */
  auth?: string;
  models?: A1111Model[];
  /** How long each sampling step takes (ms). */
  stepMs?: number;
}

export const A1111_MODELS: A1111Model[] = [
  {
    title: 'sd_xl_base_1.0.safetensors [31e35c80fc]',
    model_name: 'sd_xl_base_1.0',
    hash: '31e35c80fc',
    sha256: '31e35c80fc4829d14f90153f4c74cd59c90b779f6afe05a74cd6120b893f7e5b',
    filename: '/webui/models/Stable-diffusion/sd_xl_base_1.0.safetensors',
    config: null,
  },
  {
    title: 'juggernautXL_v9.safetensors [c9e3e68f89]',
    model_name: 'juggernautXL_v9',
    hash: 'c9e3e68f89',
    sha256: 'c9e3e68f89f8a7e8b36c4b3f5d4c2a1b0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b',
    filename: '/webui/models/Stable-diffusion/juggernautXL_v9.safetensors',
    config: null,
  },
];

const UPSCALERS = [
  'None',
  'Lanczos',
  'Nearest',
  'DAT x2',
  'ESRGAN_4x',
  'LDSR',
  'R-ESRGAN 4x+',
  'R-ESRGAN 4x+ Anime6B',
  'ScuNET',
  'SwinIR 4x',
];
const SAMPLERS = ['DPM++ 2M', 'DPM++ SDE', 'DPM++ 2M SDE', 'Euler a', 'Euler', 'LMS', 'Heun', 'DPM2', 'DDIM', 'PLMS', 'UniPC'];
const INTEGER_FIELDS = [
  'width',
  'height',
  'steps',
  'batch_size',
  'n_iter',
  'seed',
  'mask_blur',
  'inpainting_fill',
  'inpainting_mask_invert',
  'inpaint_full_res_padding',
];
const NUMBER_FIELDS = ['cfg_scale', 'denoising_strength'];

export type A1111Script = { hang: true } | { status: number; body: unknown };

export async function startFakeA1111(options: FakeA1111Options = {}) {
  const models = options.models ?? A1111_MODELS;
  let loaded = models[0]!;
  let stepMs = options.stepMs ?? 5;
  const received: Array<{ method: string; path: string; json?: Record<string, unknown>; authorization?: string }> = [];
  const usedModels: string[] = [];
  const scripts: A1111Script[] = [];
  let interrupts = 0;
  // shared.state: what /progress reports.
  const state = {
    skipped: false,
    interrupted: false,
    job: '',
    job_count: 0,
    job_timestamp: '0',
    job_no: 0,
    sampling_step: 0,
    sampling_steps: 0,
  };
  let currentImage: string | null = null;
  let releaseHang: (() => void) | undefined;
  let lock: Promise<void> = Promise.resolve();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void handle(req, res, Buffer.concat(chunks)).catch((error: unknown) =>
        send(res, 500, { error: 'Exception', detail: '', body: '', errors: String(error) }),
      );
    });
  });

  /** FastAPI's HTTPBasic, then api.py's auth(); errors go through api_middleware's handle_exception. */
  function authorized(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    if (!options.auth) return true;
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) {
      send(res, 401, httpException(401, 'Not authenticated'), { 'WWW-Authenticate': 'Basic' });
      return false;
    }
    if (Buffer.from(header.slice(6), 'base64').toString('utf8') !== options.auth) {
      send(res, 401, httpException(401, 'Incorrect username or password'), { 'WWW-Authenticate': 'Basic' });
      return false;
    }
    return true;
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) {
    const url = new URL(req.url ?? '/', 'http://a1111');
    const json = body.length > 0 ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>) : undefined;
    received.push({ method: req.method ?? 'GET', path: url.pathname, json, authorization: req.headers.authorization });
    if (!url.pathname.startsWith('/sdapi/v1/')) return send(res, 404, { detail: 'Not Found' });
    if (!authorized(req, res)) return;
    const route = `${req.method} ${url.pathname.slice('/sdapi/v1'.length)}`;
    switch (route) {
      case 'GET /sd-models':
        return send(res, 200, models);
      case 'GET /upscalers':
        return send(
          res,
          200,
          UPSCALERS.map((name) => ({ name, model_name: name === 'None' ? null : name, model_path: null, model_url: null, scale: 4 })),
        );
      case 'GET /samplers':
        return send(
          res,
          200,
          SAMPLERS.map((name) => ({ name, aliases: [], options: {} })),
        );
      case 'GET /options':
        return send(res, 200, { sd_model_checkpoint: loaded.title, samples_format: 'png' });
      case 'GET /progress': {
        const progress = state.sampling_steps > 0 ? Math.min(1, 0.01 + state.sampling_step / state.sampling_steps) : 0;
        return send(res, 200, {
          progress,
          eta_relative: 0,
          state,
          current_image: url.searchParams.get('skip_current_image') === 'true' ? null : currentImage,
          textinfo: null,
        });
      }
      case 'POST /interrupt':
        interrupts += 1;
        state.interrupted = true;
        releaseHang?.();
        return send(res, 200, {});
      case 'POST /txt2img':
      case 'POST /img2img':
        return process(res, route === 'POST /img2img', json ?? {});
      case 'POST /extra-single-image':
        return extras(res, json ?? {});
      default:
        return send(res, 404, { detail: 'Not Found' });
    }
  }

  async function process(res: http.ServerResponse, img2img: boolean, payload: Record<string, unknown>) {
    const invalid = [...INTEGER_FIELDS, ...NUMBER_FIELDS]
      .filter(
        (field) =>
          field in payload && (typeof payload[field] !== 'number' || (INTEGER_FIELDS.includes(field) && !Number.isInteger(payload[field]))),
      )
      .map((field) => ({
        type: INTEGER_FIELDS.includes(field) ? 'int_parsing' : 'float_parsing',
        loc: ['body', field],
        msg: 'Input should be a valid number',
        input: payload[field],
      }));
    if (invalid.length > 0) return send(res, 422, { detail: invalid });
    const sampler = (payload.sampler_name ?? payload.sampler_index ?? 'Euler') as string;
    if (!SAMPLERS.includes(sampler)) return send(res, 404, httpException(404, 'Sampler not found'));
    let init: Buffer | undefined;
    if (img2img) {
      const images = payload.init_images as unknown[] | null | undefined;
      if (!images) return send(res, 404, httpException(404, 'Init image not found'));
      init = await decodeImage(String(images[0]));
      if (!init) return send(res, 500, httpException(500, 'Invalid encoded image'));
      // An inpainting mask is decoded like the init image (white = repaint); mask content is one of four.
      if (payload.mask !== undefined && payload.mask !== null && !(await decodeImage(String(payload.mask))))
        return send(res, 500, httpException(500, 'Invalid encoded image'));
      if ('inpainting_fill' in payload && ![0, 1, 2, 3].includes(payload.inpainting_fill as number)) {
        return send(res, 422, {
          detail: [
            {
              type: 'literal_error',
              loc: ['body', 'inpainting_fill'],
              msg: 'Input should be 0, 1, 2 or 3',
              input: payload.inpainting_fill,
            },
          ],
        });
      }
    }
    const scripted = scripts.shift();
    if (scripted && 'status' in scripted) return send(res, scripted.status, scripted.body);
    // The queue lock: one picture at a time.
    const previous = lock;
    let unlock!: () => void;
    lock = new Promise((resolve) => (unlock = resolve));
    await previous;
    try {
      const wanted = (payload.override_settings as { sd_model_checkpoint?: string } | undefined)?.sd_model_checkpoint;
      // select_checkpoint: an alias it knows, else (silently) the model already loaded.
      const match = wanted
        ? models.find((model) => [model.title, model.model_name, model.filename.split('/').pop()].includes(wanted))
        : undefined;
      if (match) loaded = match;
      usedModels.push(loaded.title);
      const steps = Number(payload.steps ?? 50);
      const batch = Number(payload.batch_size ?? 1) * Number(payload.n_iter ?? 1);
      Object.assign(state, {
        interrupted: false,
        job: img2img ? 'scripts_img2img' : 'scripts_txt2img',
        job_count: 1,
        job_no: 0,
        sampling_step: 0,
        sampling_steps: steps,
      });
      for (let step = 1; step <= steps && !state.interrupted; step++) {
        if (scripted && 'hang' in scripted && step === Math.ceil(steps / 2)) await new Promise<void>((resolve) => (releaseHang = resolve));
        await new Promise((resolve) => setTimeout(resolve, stepMs));
        state.sampling_step = step;
        currentImage = (await png(64, 64, step)).toString('base64');
      }
      const width = Number(payload.width ?? 512);
      const height = Number(payload.height ?? 512);
      const images = await Promise.all(
        Array.from({ length: batch }, async (_, index) => (await png(width, height, index + 1)).toString('base64')),
      );
      const info = {
        prompt: payload.prompt ?? '',
        all_prompts: images.map(() => payload.prompt ?? ''),
        seed: payload.seed ?? -1,
        width,
        height,
        sampler_name: sampler,
        steps,
        batch_size: payload.batch_size ?? 1,
        sd_model_name: loaded.model_name,
        sd_model_hash: loaded.hash,
        denoising_strength: img2img ? (payload.denoising_strength ?? 0.75) : null,
      };
      send(res, 200, { images, parameters: { ...payload, init_images: null }, info: JSON.stringify(info) });
    } finally {
      Object.assign(state, { job: '', job_count: 0, sampling_step: 0, sampling_steps: 0 });
      currentImage = null;
      releaseHang = undefined;
      unlock();
    }
  }

  async function extras(res: http.ServerResponse, payload: Record<string, unknown>) {
    const image = await decodeImage(String(payload.image ?? ''));
    if (!image) return send(res, 500, httpException(500, 'Invalid encoded image'));
    const upscaler = String(payload.upscaler_1 ?? 'None');
    if (!UPSCALERS.includes(upscaler))
      return send(res, 500, { error: 'AssertionError', detail: '', body: '', errors: `could not find upscaler named ${upscaler}` });
    const factor = Number(payload.upscaling_resize ?? 2);
    const { width = 1, height = 1 } = await sharp(image).metadata();
    const upscaled = await sharp(image)
      .resize(Math.round(width * factor), Math.round(height * factor))
      .png()
      .toBuffer();
    send(res, 200, { image: upscaled.toString('base64'), html_info: `<p>Upscale: ${upscaler}</p>` });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    /** The checkpoint each picture was made with. */
    usedModels,
    interrupts: () => interrupts,
    /** The next requests of txt2img/img2img: hang until interrupted, or answer with this status and body. */
    script(...next: A1111Script[]) {
      scripts.push(...next);
    },
    setStepMs(ms: number) {
      stepMs = ms;
    },
    reset() {
      received.length = 0;
      usedModels.length = 0;
      scripts.length = 0;
      interrupts = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        releaseHang?.();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type FakeA1111 = Awaited<ReturnType<typeof startFakeA1111>>;

/** api.py's handle_exception body for an HTTPException. */
const httpException = (status: number, detail: string) => ({ error: 'HTTPException', detail, body: '', errors: `${status}: ${detail}` });

async function decodeImage(encoding: string): Promise<Buffer | undefined> {
  const data = Buffer.from(encoding.replace(/^data:image\/[^;]+;base64,/, ''), 'base64');
  try {
    await sharp(data).metadata();
    return data;
  } catch {
    return undefined;
  }
}

function png(width: number, height: number, shade: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: (37 * shade) % 256, b: 80 } } })
    .png()
    .toBuffer();
}

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
