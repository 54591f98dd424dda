import { coded } from '@shared/coded-text';
import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import { z } from 'zod';
import type { EngineCapabilities } from '@shared/engines';
import { aspectRatioDimensions } from '@shared/generation';
import { whiteOnBlackMask } from '../mask-forms';
import { EngineError, type EngineImage, type EngineMask, type EngineOptions, type EngineResult, type ImageEngine } from '../image-engine';
import type { ModelProblem } from '../model-check';
import { engineErrorOf, sendForJson, ServerAnswerError } from '../self-hosted-http';

export interface A1111EngineConfig {
  url: string;
  auth: { username: string; password: string } | undefined;
  /** The checkpoint asked for (override_settings); unset: the one the web UI has loaded. */
  model: string | undefined;
  /** The upscaler extra-single-image uses. */
  upscaler: string;
}

/**
 * How far an edit may move from the photo (img2img's denoising strength, 0-1): enough for a new
 * colour, style or background, little enough that the photo's people and layout stay.
 */
export const EDIT_DENOISING_STRENGTH = 0.6;
/** How far an inpainted area may move from the photo: further than a whole-photo edit, as only the area changes. */
export const INPAINT_DENOISING_STRENGTH = 0.75;
/** Pictures are made at about this many pixels (SDXL-class checkpoints), width and height multiples of 8. */
const TARGET_PIXELS = 1024 * 1024;
/** A1111 makes at most this many pictures in one request (batch_size). */
const MAX_BATCH = 4;
/** While a request runs, /sdapi/v1/progress is asked this often. */
const PROGRESS_POLL_MS = 500;
const CHECK_TIMEOUT_MS = 15_000;
const INTERRUPT_TIMEOUT_MS = 5_000;

const imagesAnswer = z.object({ images: z.array(z.string()).min(1), info: z.string().optional() });
const progressAnswer = z.object({
  state: z.object({ sampling_step: z.number().optional(), sampling_steps: z.number().optional() }).partial().optional(),
  current_image: z.string().nullable().optional(),
});
const sdModels = z.array(z.object({ title: z.string(), model_name: z.string(), filename: z.string().optional() }));

/**
 * AUTOMATIC1111 (or Forge) started with --api (and --api-auth user:pass): txt2img for new
 * pictures, img2img for edits, extra-single-image for "upscale". While a request runs its
 * progress comes from /sdapi/v1/progress; at the try's time limit /sdapi/v1/interrupt stops it.
 */
export class A1111ImageEngine implements ImageEngine {
  readonly name = 'a1111' as const;

  constructor(private readonly config: A1111EngineConfig) {}

  capabilities(): EngineCapabilities {
    return {
      textToImage: { maxImages: MAX_BATCH, model: this.config.model ?? null },
      edit: { maxImages: MAX_BATCH, maxInputImages: 1, model: this.config.model ?? null },
      aspectRatios: null,
    };
  }

  modelFor(): string | null {
    return this.config.model ?? null;
  }

  private headers(): Record<string, string> {
    const { auth } = this.config;
    return {
      'Content-Type': 'application/json',
      ...(auth ? { Authorization: `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}` } : {}),
    };
  }

  private post(path: string, body: unknown, signal: AbortSignal | undefined) {
    return sendForJson<unknown>(`${this.config.url}${path}`, {
      method: 'POST',
      headers: this.headers(),
      body: JSON.stringify(body),
      signal,
      what: `AUTOMATIC1111 ${path}`,
    });
  }

  private get(path: string, signal: AbortSignal | undefined) {
    return sendForJson<unknown>(`${this.config.url}${path}`, { headers: this.headers(), signal, what: `AUTOMATIC1111 ${path}` });
  }

  /** The checkpoint is asked for on every request, so a model switched in the web UI cannot sneak in. */
  private get overrides() {
    return this.config.model
      ? { override_settings: { sd_model_checkpoint: this.config.model }, override_settings_restore_afterwards: true }
      : {};
  }

  async generate(prompt: string, options: EngineOptions): Promise<EngineResult> {
    const size = sizeFor(aspectRatioDimensions(options.aspectRatio) ?? { width: 1, height: 1 });
    return this.run(
      '/sdapi/v1/txt2img',
      {
        prompt,
        negative_prompt: '',
        seed: randomInt(0, 2 ** 32),
        batch_size: Math.min(options.count, MAX_BATCH),
        n_iter: 1,
        ...size,
        ...this.overrides,
      },
      options,
    );
  }

  async edit(images: EngineImage[], prompt: string, options: EngineOptions): Promise<EngineResult> {
    if (options.combine && images.length > 1) throw new EngineError('invalid', coded('engine.oneAtATime', { engine: 'AUTOMATIC1111' }));
    const each = Math.max(1, Math.ceil(options.count / images.length));
    const results: EngineImage[] = [];
    let model: string | undefined;
    for (const image of images) {
      const { width = 1, height = 1 } = await sharp(image.data).metadata();
      const size = sizeFor(aspectRatioDimensions(options.aspectRatio) ?? { width, height });
      const inpainting = options.mask && images.length === 1 ? await inpaintingOf(options.mask, { width, height }) : {};
      const result = await this.run(
        '/sdapi/v1/img2img',
        {
          init_images: [image.data.toString('base64')],
          prompt,
          negative_prompt: '',
          denoising_strength: EDIT_DENOISING_STRENGTH,
          seed: randomInt(0, 2 ** 32),
          batch_size: Math.min(each, MAX_BATCH),
          n_iter: 1,
          resize_mode: 0,
          ...size,
          ...inpainting,
          ...this.overrides,
        },
        options,
      );
      results.push(...result.images);
      model = result.model;
    }
    return { images: results, note: noteOf(model), model };
  }

  async upscale(images: EngineImage[], options: EngineOptions): Promise<EngineResult> {
    const results: EngineImage[] = [];
    try {
      for (const image of images) {
        const answer = z
          .object({ image: z.string() })
          .parse(
            await this.post(
              '/sdapi/v1/extra-single-image',
              { image: image.data.toString('base64'), upscaler_1: this.config.upscaler, upscaling_resize: 2, resize_mode: 0 },
              options.signal,
            ),
          );
        results.push({ data: Buffer.from(answer.image, 'base64'), mimeType: 'image/png' });
      }
    } catch (error) {
      throw this.failure(error, options.signal);
    }
    return { images: results, note: [coded('reply.upscaledWith', { upscaler: this.config.upscaler, server: 'AUTOMATIC1111' })] };
  }

  private async run(path: string, body: Record<string, unknown>, options: EngineOptions): Promise<EngineResult> {
    const watching = this.watchProgress(options);
    try {
      const answer = imagesAnswer.parse(await this.post(path, body, options.signal));
      const model = modelOf(answer.info) ?? this.config.model;
      return {
        images: answer.images.map((image) => ({ data: Buffer.from(image, 'base64'), mimeType: 'image/png' })),
        note: noteOf(model),
        model,
      };
    } catch (error) {
      throw this.failure(error, options.signal);
    } finally {
      watching.stop();
    }
  }

  /** At the time limit: /sdapi/v1/interrupt stops the picture being made (it runs on without us otherwise). */
  private failure(error: unknown, signal: AbortSignal | undefined): unknown {
    if (signal?.aborted) {
      void this.post('/sdapi/v1/interrupt', {}, AbortSignal.timeout(INTERRUPT_TIMEOUT_MS)).catch(() => undefined);
      return signal.reason ?? error;
    }
    if (error instanceof z.ZodError)
      return new EngineError('transient', coded('engine.serverNoImages', { engine: 'AUTOMATIC1111' }), { cause: error });
    if (error instanceof ServerAnswerError && error.status === 404)
      return new EngineError('invalid', coded('engine.serverCannotHandleDetail', { engine: 'AUTOMATIC1111', detail: detailOf(error) }), {
        cause: error,
      });
    return engineErrorOf(error, 'AUTOMATIC1111');
  }

  /** Polls /sdapi/v1/progress while a request runs: its sampling steps, and its current picture as a preview. */
  private watchProgress(options: EngineOptions): { stop(): void } {
    if (!options.onProgress && !options.onPreview) return { stop: () => undefined };
    let stopped = false;
    const poll = async () => {
      while (!stopped) {
        await new Promise((resolve) => setTimeout(resolve, PROGRESS_POLL_MS));
        if (stopped) return;
        try {
          const progress = progressAnswer.parse(
            await this.get(
              `/sdapi/v1/progress?skip_current_image=${options.onPreview ? 'false' : 'true'}`,
              AbortSignal.timeout(PROGRESS_POLL_MS * 4),
            ),
          );
          if (stopped) return;
          const { sampling_step: step, sampling_steps: total } = progress.state ?? {};
          if (typeof step === 'number' && typeof total === 'number' && total > 0) options.onProgress?.({ step, total });
          if (progress.current_image && options.onPreview)
            options.onPreview(await sharp(Buffer.from(progress.current_image, 'base64')).jpeg().toBuffer());
        } catch {
          // A progress answer missed is no failure of the picture.
        }
      }
    };
    void poll();
    return { stop: () => (stopped = true) };
  }

  /**
   * The start-up check: the web UI answers, takes our credentials, serves A1111_MODEL (when set)
   * and has A1111_UPSCALER.
   */
  async check(): Promise<ModelProblem[]> {
    const { url } = this.config;
    let models: z.infer<typeof sdModels>;
    let upscalers: Array<{ name: string }>;
    try {
      const signal = AbortSignal.timeout(CHECK_TIMEOUT_MS);
      models = sdModels.parse(await this.get('/sdapi/v1/sd-models', signal));
      upscalers = z.array(z.object({ name: z.string() })).parse(await this.get('/sdapi/v1/upscalers', signal));
    } catch (error) {
      if (error instanceof ServerAnswerError && (error.status === 401 || error.status === 403)) {
        return [
          {
            variable: 'A1111_AUTH',
            model: url,
            problem: 'unauthorized',
            detail: `AUTOMATIC1111 at ${url} refused the credentials (HTTP ${error.status}); set A1111_AUTH to the user:password given to --api-auth`,
          },
        ];
      }
      const reason = error instanceof Error ? error.message : String(error);
      return [
        {
          variable: 'A1111_URL',
          model: url,
          problem: 'unreachable',
          detail: `AUTOMATIC1111 at ${url} does not answer its API (${reason}); set A1111_URL to a web UI started with --api`,
        },
      ];
    }
    const problems: ModelProblem[] = [];
    const { model, upscaler } = this.config;
    if (model && !models.some((item) => [item.title, item.model_name, basename(item.filename)].includes(model))) {
      problems.push({
        variable: 'A1111_MODEL',
        model,
        problem: 'not-found',
        detail: `AUTOMATIC1111 at ${url} has no checkpoint "${model}" (it has: ${models.map((item) => item.title).join(', ') || 'none'}); set A1111_MODEL to one of them`,
      });
    }
    if (!upscalers.some((item) => item.name === upscaler)) {
      problems.push({
        variable: 'A1111_UPSCALER',
        model: upscaler,
        problem: 'not-found',
        detail: `AUTOMATIC1111 at ${url} has no upscaler "${upscaler}" (it has: ${upscalers.map((item) => item.name).join(', ')}); set A1111_UPSCALER to one of them`,
      });
    }
    return problems;
  }
}

/**
 * img2img's inpainting: `mask` white where it repaints (the photo's size: A1111 scales both with
 * the output size), a slightly soft edge, the masked area starting from the photo's own pixels
 * ("original"), the whole picture as context (not only the masked area at full resolution), and
 * the mask not inverted. A selected area is repainted more freely than a whole-photo edit.
 */
async function inpaintingOf(mask: EngineMask, photo: { width: number; height: number }) {
  return {
    mask: (await whiteOnBlackMask(mask, photo)).toString('base64'),
    mask_blur: 4,
    inpainting_fill: 1,
    inpaint_full_res: false,
    inpainting_mask_invert: 0,
    denoising_strength: INPAINT_DENOISING_STRENGTH,
  };
}

const noteOf = (model: string | undefined) => [coded('reply.madeWithOn', { model: model ?? 'Stable Diffusion', server: 'AUTOMATIC1111' })];
const basename = (file: string | undefined) => file?.split(/[\\/]/).pop();

/** The checkpoint that made the pictures, from the answer's infotext JSON (sd_model_name). */
function modelOf(info: string | undefined): string | undefined {
  try {
    const parsed = JSON.parse(info ?? '') as { sd_model_name?: unknown };
    return typeof parsed.sd_model_name === 'string' && parsed.sd_model_name ? parsed.sd_model_name : undefined;
  } catch {
    return undefined;
  }
}

function detailOf(error: ServerAnswerError): string {
  const body = error.json() as { detail?: unknown } | undefined;
  return typeof body?.detail === 'string' ? body.detail : `HTTP ${error.status}`;
}

/** Width and height of about TARGET_PIXELS in this shape, multiples of 8. */
function sizeFor(shape: { width: number; height: number }): { width: number; height: number } {
  const ratio = shape.width / shape.height;
  const snap = (value: number) => Math.max(64, Math.round(value / 8) * 8);
  return { width: snap(Math.sqrt(TARGET_PIXELS * ratio)), height: snap(Math.sqrt(TARGET_PIXELS / ratio)) };
}
