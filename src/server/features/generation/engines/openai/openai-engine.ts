import { coded } from '@shared/coded-text';
import OpenAI, { APIConnectionError, APIError, toFile } from 'openai';
import type { ImageEditStreamEvent, ImageGenStreamEvent } from 'openai/resources/images';
import { z } from 'zod';
import { PLANNER_INSTRUCTIONS, UPLOAD_REVIEW_INSTRUCTIONS, planJsonSchema, uploadReviewJsonSchema } from '../hosted-prompts';
import { openAiMaskedPair } from '../mask-forms';
import {
  EngineError,
  type EngineImage,
  type EngineMask,
  type EngineOptions,
  type EngineResult,
  type ImageEngine,
  type UploadAnalysis,
} from '../image-engine';
import type { PlanRequest, ReplyPlanner } from '../../planning';
import type { GenerationPlan } from '@shared/generation';
import { parsePlan, parseUploadReview } from '../hosted-answers';
import { extensionOf } from '../../../../storage/storage-keys';
import { photoCalls, runPhotoCalls } from '../photo-calls';

/**
 * The most images one images.generate or images.edit call may ask for: `n` is 1 to 10 for the GPT
 * image models (the SDK's ImageGenerateParams and ImageEditParams). More are asked in turns.
 */
export const OPENAI_MAX_IMAGES_PER_CALL = 10;

/** How many images each call asks for: `count` in turns of at most OPENAI_MAX_IMAGES_PER_CALL. */
export function imagesPerCall(count: number): number[] {
  const turns = Math.ceil(count / OPENAI_MAX_IMAGES_PER_CALL);
  return Array.from({ length: turns }, (_, turn) => Math.min(OPENAI_MAX_IMAGES_PER_CALL, count - turn * OPENAI_MAX_IMAGES_PER_CALL));
}

/**
 * The models whose images.generate and images.edit stream partial images (`stream: true` with
 * `partial_images` 0-3). OpenAI's image generation guide streams gpt-image-2; the gpt-image-1.5
 * model card says streaming is not supported, so the 1.x models (and chatgpt-image-latest, which
 * documents nothing either way) are asked without it and show progress without previews.
 */
export function streamsPartialImages(model: string): boolean {
  return /^gpt-image-2(?:[.-]|$)/.test(model);
}

/** Partial images asked per streamed picture: enough to see it sharpen, few enough to stay small. */
export const OPENAI_PARTIAL_IMAGES = 2;

export interface OpenAiEngineConfig {
  apiKey: string;
  /** Any OpenAI-compatible images server (the spec's separate image-generation server). */
  baseUrl: string | undefined;
  model: string;
  textModel: string;
}

/** gpt-image models take three sizes; pick the one closest to the requested shape. */
export function openAiSizeFor(aspectRatio: string): '1024x1024' | '1536x1024' | '1024x1536' | 'auto' {
  if (aspectRatio === 'unchanged') return 'auto';
  const [w, h] = aspectRatio.split(':').map(Number);
  if (!w || !h) return 'auto';
  const ratio = w / h;
  if (ratio > 1.2) return '1536x1024';
  if (ratio < 1 / 1.2) return '1024x1536';
  return '1024x1024';
}

/** The SDK's errors in our terms: what may be retried, and what was refused. */
export function classifyOpenAiError(error: unknown): EngineError {
  if (error instanceof EngineError) return error;
  if (error instanceof APIError && error.status !== undefined) {
    const code = String((error as { code?: unknown }).code ?? '');
    if (error.status === 429 || error.status >= 500)
      return new EngineError('transient', coded('engine.busy', { status: error.status }), { cause: error });
    if (code === 'moderation_blocked' || code === 'content_policy_violation' || /safety|policy/i.test(error.message)) {
      return new EngineError('refused', coded('engine.contentPolicy'), { cause: error });
    }
    return new EngineError('invalid', coded('engine.cannotHandle', { detail: error.message }), { cause: error });
  }
  if (error instanceof APIConnectionError) return new EngineError('transient', coded('engine.unreachable'), { cause: error });
  return new EngineError('transient', error instanceof Error ? error.message : String(error), { cause: error });
}

const imagesResponse = z.object({ data: z.array(z.object({ b64_json: z.string().optional(), url: z.string().optional() })).min(1) });

export class OpenAiImageEngine implements ImageEngine, ReplyPlanner {
  readonly name = 'openai' as const;
  private readonly client: OpenAI;

  constructor(private readonly config: OpenAiEngineConfig) {
    // Retries are the job queue's business (with back-off and a refund at the end), not the SDK's.
    this.client = new OpenAI({ apiKey: config.apiKey, baseURL: config.baseUrl, maxRetries: 0, timeout: 180_000 });
  }

  async generate(prompt: string, options: EngineOptions): Promise<EngineResult> {
    const size = openAiSizeFor(options.aspectRatio) === 'auto' ? '1024x1024' : openAiSizeFor(options.aspectRatio);
    try {
      const images: EngineImage[] = [];
      for (const n of imagesPerCall(options.count)) {
        if (this.streamsPreviewsOf(n, options)) {
          const stream = await this.client.images.generate(
            { model: this.config.model, prompt, n, size, stream: true, partial_images: OPENAI_PARTIAL_IMAGES },
            { signal: options.signal },
          );
          images.push(await this.finalImageOf(stream, options));
        } else {
          images.push(
            ...(await this.decode(
              await this.client.images.generate({ model: this.config.model, prompt, n, size }, { signal: options.signal }),
            )),
          );
        }
      }
      return { images, note: [coded('reply.madeWith', { model: this.config.model })] };
    } catch (error) {
      throw classifyOpenAiError(error);
    }
  }

  /** One call for photos to be combined; otherwise one for each photo (see photo-calls.ts), all at once. */
  async edit(images: EngineImage[], prompt: string, options: EngineOptions): Promise<EngineResult> {
    if (options.mask && images.length === 1) return this.editInside(images[0]!, options.mask, prompt, options);
    try {
      const edited = await runPhotoCalls(photoCalls(images, options), options.signal, async (call, signal) => {
        const files = await Promise.all(
          call.images.map((image, index) =>
            toFile(image.data, `image-${index + 1}.${extensionOf(image.mimeType)}`, { type: image.mimeType }),
          ),
        );
        const outputs: EngineImage[] = [];
        for (const n of imagesPerCall(call.count)) {
          const params = { model: this.config.model, image: files, prompt, n, size: openAiSizeFor(options.aspectRatio) };
          if (this.streamsPreviewsOf(n, options)) {
            outputs.push(
              await this.finalImageOf(
                await this.client.images.edit({ ...params, stream: true, partial_images: OPENAI_PARTIAL_IMAGES }, { signal }),
                options,
              ),
            );
          } else {
            outputs.push(...(await this.decode(await this.client.images.edit(params, { signal }))));
          }
        }
        return outputs;
      });
      return { images: edited, note: [coded('reply.editedWith', { model: this.config.model })] };
    } catch (error) {
      throw classifyOpenAiError(error);
    }
  }

  /**
   * An edit of a selected area: the photo and a mask of its size whose transparent pixels are
   * where it may change (mask-forms.ts). The models treat the mask as a hint, so the result is
   * composited over the photo afterwards all the same.
   */
  private async editInside(image: EngineImage, mask: EngineMask, prompt: string, options: EngineOptions): Promise<EngineResult> {
    try {
      const pair = await openAiMaskedPair(image, mask);
      const file = await toFile(pair.image, 'image.png', { type: 'image/png' });
      const maskFile = await toFile(pair.mask, 'mask.png', { type: 'image/png' });
      const outputs: EngineImage[] = [];
      for (const n of imagesPerCall(options.count)) {
        const response = await this.client.images.edit(
          { model: this.config.model, image: file, mask: maskFile, prompt, n, size: 'auto' },
          { signal: options.signal },
        );
        outputs.push(...(await this.decode(response)));
      }
      return { images: outputs, note: [coded('reply.editedWith', { model: this.config.model })] };
    } catch (error) {
      throw classifyOpenAiError(error);
    }
  }

  async plan(request: PlanRequest, { signal }: { signal?: AbortSignal | undefined } = {}): Promise<GenerationPlan> {
    try {
      const completion = await this.client.chat.completions.create(
        {
          model: this.config.textModel,
          messages: [
            { role: 'system', content: PLANNER_INSTRUCTIONS },
            {
              role: 'user',
              content: JSON.stringify({
                message: request.text,
                attachedPhotos: request.attachmentCount,
                hasPreviousResult: request.hasPreviousOutput,
              }),
            },
          ],
          response_format: {
            type: 'json_schema',
            json_schema: { name: 'reply_plan', strict: true, schema: planJsonSchema as unknown as Record<string, unknown> },
          },
        },
        { signal },
      );
      const message = completion.choices[0]?.message;
      // A structured-output refusal comes instead of the JSON: the model will not plan this.
      if (message?.refusal) throw new EngineError('refused', message.refusal);
      return parsePlan(message?.content ?? '', request);
    } catch (error) {
      throw classifyOpenAiError(error);
    }
  }

  async analyzeUpload(image: EngineImage, { signal }: { signal?: AbortSignal | undefined } = {}): Promise<UploadAnalysis> {
    try {
      const dataUrl = `data:${image.mimeType};base64,${image.data.toString('base64')}`;
      const moderation = await this.client.moderations.create(
        { model: 'omni-moderation-latest', input: [{ type: 'image_url', image_url: { url: dataUrl } }] },
        { signal },
      );
      if (moderation.results.some((result) => result.flagged)) return { approved: false, reason: 'Image not allowed', suggestions: [] };
      const completion = await this.client.chat.completions.create(
        {
          model: this.config.textModel,
          messages: [
            { role: 'system', content: UPLOAD_REVIEW_INSTRUCTIONS },
            { role: 'user', content: [{ type: 'image_url', image_url: { url: dataUrl, detail: 'low' } }] },
          ],
          response_format: {
            type: 'json_schema',
            json_schema: { name: 'upload_review', strict: true, schema: uploadReviewJsonSchema as unknown as Record<string, unknown> },
          },
        },
        { signal },
      );
      const message = completion.choices[0]?.message;
      // The model refusing to review a photo is a verdict, not a failure to retry.
      if (message?.refusal) return { approved: false, reason: message.refusal, suggestions: [] };
      return parseUploadReview(message?.content ?? '');
    } catch (error) {
      throw classifyOpenAiError(error);
    }
  }

  /** Whether the provider serves `model` (false for unknown and retired ones: 404). */
  async modelExists(model: string, signal?: AbortSignal): Promise<boolean> {
    try {
      await this.client.models.retrieve(model, { signal });
      return true;
    } catch (error) {
      if (error instanceof APIError && error.status === 404) return false;
      throw error;
    }
  }

  /**
   * A call streams when someone watches (onPreview), the model streams, and it asks for one
   * picture: the stream's events carry no index of the picture they belong to, so with several
   * their partial images could not be told apart.
   */
  private streamsPreviewsOf(n: number, options: EngineOptions): boolean {
    return n === 1 && options.onPreview !== undefined && streamsPartialImages(this.config.model);
  }

  /** Passes each partial image on as a preview and answers the completed one (the picture paid for). */
  private async finalImageOf(
    events: AsyncIterable<ImageGenStreamEvent | ImageEditStreamEvent>,
    options: EngineOptions,
  ): Promise<EngineImage> {
    let completed: EngineImage | undefined;
    for await (const event of events) {
      if (event.type === 'image_generation.partial_image' || event.type === 'image_edit.partial_image')
        options.onPreview?.(Buffer.from(event.b64_json, 'base64'));
      else if (event.type === 'image_generation.completed' || event.type === 'image_edit.completed') {
        completed = { data: Buffer.from(event.b64_json, 'base64'), mimeType: `image/${event.output_format}` };
      }
    }
    if (!completed) throw new EngineError('transient', 'The image service ended its stream without the image.');
    return completed;
  }

  private async decode(response: unknown): Promise<EngineImage[]> {
    const parsed = imagesResponse.safeParse(response);
    if (!parsed.success) throw new EngineError('transient', coded('engine.noImages'));
    return Promise.all(
      parsed.data.data.map(async (item) => {
        if (item.b64_json) return { data: Buffer.from(item.b64_json, 'base64'), mimeType: 'image/png' };
        // Some compatible servers answer with URLs instead of inline data.
        const download = await fetch(item.url!);
        if (!download.ok) throw new EngineError('transient', coded('engine.downloadFailed', { status: download.status }));
        return { data: Buffer.from(await download.arrayBuffer()), mimeType: download.headers.get('content-type') ?? 'image/png' };
      }),
    );
  }
}
