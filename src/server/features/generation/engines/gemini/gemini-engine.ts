import { coded, type CodedText } from '@shared/coded-text';
import { ApiError, FinishReason, GoogleGenAI, Modality, type GenerateContentResponse } from '@google/genai';
import { PLANNER_INSTRUCTIONS, UPLOAD_REVIEW_INSTRUCTIONS, planJsonSchema, uploadReviewJsonSchema } from '../hosted-prompts';
import {
  EngineError,
  type EngineImage,
  type EngineOptions,
  type EngineResult,
  type ImageEngine,
  type UploadAnalysis,
} from '../image-engine';
import type { PlanRequest, ReplyPlanner } from '../../planning';
import { aspectRatioValue, type AspectRatio, type GenerationPlan } from '@shared/generation';
import { parsePlan, parseUploadReview } from '../hosted-answers';
import { photoCalls, runPhotoCalls } from '../photo-calls';
import { whiteOnBlackMask } from '../mask-forms';

export interface GeminiEngineConfig {
  apiKey: string;
  model: string;
  textModel: string;
  /** Tests point the SDK at a local server. */
  baseUrl: string | undefined;
}

const CONTENT_POLICY = coded('engine.contentPolicy');

/**
 * Finish reasons that end a request for good, with what the user reads: asking again would be
 * another paid call with the same answer.
 */
const REFUSALS = new Map<string, CodedText>([
  [FinishReason.SAFETY, CONTENT_POLICY],
  [FinishReason.PROHIBITED_CONTENT, CONTENT_POLICY],
  [FinishReason.IMAGE_SAFETY, CONTENT_POLICY],
  [FinishReason.IMAGE_PROHIBITED_CONTENT, CONTENT_POLICY],
  [FinishReason.BLOCKLIST, CONTENT_POLICY],
  [FinishReason.SPII, CONTENT_POLICY],
  [FinishReason.NO_IMAGE, coded('engine.noPicture')],
  [FinishReason.IMAGE_OTHER, coded('engine.declined')],
  [FinishReason.IMAGE_RECITATION, coded('engine.recitation')],
  [FinishReason.RECITATION, coded('engine.recitation')],
]);

/**
 * What Gemini reads with a masked edit (it has no mask parameter). It follows it only roughly —
 * colours and light outside the area drift — so the result is composited over the photo anyway.
 */
export const MASKED_EDIT_INSTRUCTION =
  'The second image is a mask of the first, of the same size: make the change only where the mask is white, and keep every part of the first image where the mask is black exactly as it is. Answer with the edited first image only.';

/** The aspect ratios Gemini's ImageConfig accepts. */
export const GEMINI_ASPECT_RATIOS = ['1:1', '2:3', '3:2', '3:4', '4:3', '9:16', '16:9', '21:9'] as const;

/**
 * The supported ratio closest to the one asked for (by how much the picture must be cropped); the
 * output is then cropped to exactly what was asked. 'unchanged' lets the model follow its input.
 */
export function geminiAspectRatioFor(aspectRatio: AspectRatio): (typeof GEMINI_ASPECT_RATIOS)[number] | undefined {
  const wanted = aspectRatioValue(aspectRatio);
  if (wanted === null) return undefined;
  const distance = (ratio: string) => Math.abs(Math.log(aspectRatioValue(ratio as AspectRatio)! / wanted));
  return GEMINI_ASPECT_RATIOS.reduce((best, ratio) => (distance(ratio) < distance(best) ? ratio : best));
}

export function classifyGeminiError(error: unknown): EngineError {
  if (error instanceof EngineError) return error;
  if (error instanceof ApiError) {
    if (error.status === 429 || error.status >= 500)
      return new EngineError('transient', coded('engine.busy', { status: error.status }), { cause: error });
    return new EngineError('invalid', coded('engine.cannotHandle', { detail: error.message }), { cause: error });
  }
  return new EngineError('transient', error instanceof Error ? error.message : String(error), { cause: error });
}

export class GeminiImageEngine implements ImageEngine, ReplyPlanner {
  readonly name = 'gemini' as const;
  private readonly ai: GoogleGenAI;

  constructor(private readonly config: GeminiEngineConfig) {
    this.ai = new GoogleGenAI({
      apiKey: config.apiKey,
      httpOptions: { ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}), retryOptions: { attempts: 1 } },
    });
  }

  async generate(prompt: string, options: EngineOptions): Promise<EngineResult> {
    try {
      return {
        images: await this.makeImages([], prompt, options.count, options.aspectRatio, options.signal),
        note: [coded('reply.madeWith', { model: this.config.model })],
      };
    } catch (error) {
      throw classifyGeminiError(error);
    }
  }

  /** One call for photos to be combined; otherwise one for each photo (see photo-calls.ts), all at once. */
  async edit(images: EngineImage[], prompt: string, options: EngineOptions): Promise<EngineResult> {
    if (options.mask && images.length === 1) {
      // Gemini takes no mask parameter: the mask goes as a second picture, with words that say what it is.
      try {
        const mask: EngineImage = { data: await whiteOnBlackMask(options.mask), mimeType: 'image/png' };
        return {
          images: await this.makeImages(
            [images[0]!, mask],
            `${prompt}\n\n${MASKED_EDIT_INSTRUCTION}`,
            options.count,
            options.aspectRatio,
            options.signal,
          ),
          note: [coded('reply.madeWith', { model: this.config.model })],
        };
      } catch (error) {
        throw classifyGeminiError(error);
      }
    }
    try {
      const edited = await runPhotoCalls(photoCalls(images, options), options.signal, (call, signal) =>
        this.makeImages(call.images, prompt, call.count, options.aspectRatio, signal),
      );
      return { images: edited, note: [coded('reply.madeWith', { model: this.config.model })] };
    } catch (error) {
      throw classifyGeminiError(error);
    }
  }

  /** One image per request: Gemini image models answer with a single picture. */
  private async makeImages(
    images: EngineImage[],
    prompt: string,
    count: number,
    ratio: AspectRatio,
    signal: AbortSignal | undefined,
  ): Promise<EngineImage[]> {
    const parts = [
      { text: prompt },
      ...images.map((image) => ({ inlineData: { mimeType: image.mimeType, data: image.data.toString('base64') } })),
    ];
    const aspectRatio = geminiAspectRatioFor(ratio);
    const outputs: EngineImage[] = [];
    for (let i = 0; i < count; i++) {
      const response = await this.ai.models.generateContent({
        model: this.config.model,
        contents: [{ role: 'user', parts }],
        config: {
          responseModalities: [Modality.IMAGE, Modality.TEXT],
          abortSignal: signal,
          ...(aspectRatio ? { imageConfig: { aspectRatio } } : {}),
        },
      });
      outputs.push(imageOf(response));
    }
    return outputs;
  }

  /** Whether the Gemini API serves `model` (false for unknown and shut-down ones: 404). */
  async modelExists(model: string, signal?: AbortSignal): Promise<boolean> {
    try {
      await this.ai.models.get({ model, config: { abortSignal: signal } });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return false;
      throw error;
    }
  }

  async plan(request: PlanRequest, { signal }: { signal?: AbortSignal | undefined } = {}): Promise<GenerationPlan> {
    try {
      const response = await this.ai.models.generateContent({
        model: this.config.textModel,
        contents: [
          {
            role: 'user',
            parts: [
              {
                text: JSON.stringify({
                  message: request.text,
                  attachedPhotos: request.attachmentCount,
                  hasPreviousResult: request.hasPreviousOutput,
                }),
              },
            ],
          },
        ],
        config: {
          systemInstruction: PLANNER_INSTRUCTIONS,
          responseMimeType: 'application/json',
          responseJsonSchema: planJsonSchema,
          abortSignal: signal,
        },
      });
      return parsePlan(response.text ?? '', request);
    } catch (error) {
      throw classifyGeminiError(error);
    }
  }

  async analyzeUpload(image: EngineImage, { signal }: { signal?: AbortSignal | undefined } = {}): Promise<UploadAnalysis> {
    try {
      const response = await this.ai.models.generateContent({
        model: this.config.textModel,
        contents: [{ role: 'user', parts: [{ inlineData: { mimeType: image.mimeType, data: image.data.toString('base64') } }] }],
        config: {
          systemInstruction: UPLOAD_REVIEW_INSTRUCTIONS,
          responseMimeType: 'application/json',
          responseJsonSchema: uploadReviewJsonSchema,
          abortSignal: signal,
        },
      });
      // Gemini's own safety filter blocking the image is a refusal too.
      if (response.promptFeedback?.blockReason) return { approved: false, reason: 'Image not allowed', suggestions: [] };
      return parseUploadReview(response.text ?? '');
    } catch (error) {
      throw classifyGeminiError(error);
    }
  }
}

function imageOf(response: GenerateContentResponse): EngineImage {
  if (response.promptFeedback?.blockReason) throw new EngineError('refused', CONTENT_POLICY);
  const candidate = response.candidates?.[0];
  const refusal = candidate?.finishReason ? REFUSALS.get(candidate.finishReason) : undefined;
  if (refusal) throw new EngineError('refused', refusal);
  // Thinking models may show draft pictures as "thought" parts: never the result.
  const inline = candidate?.content?.parts?.find((part) => part.inlineData?.data && !part.thought)?.inlineData;
  if (!inline?.data) throw new EngineError('transient', coded('engine.noImage'));
  return { data: Buffer.from(inline.data, 'base64'), mimeType: inline.mimeType ?? 'image/png' };
}
