import { ApiError, FinishReason, GoogleGenAI, Modality, type GenerateContentResponse } from '@google/genai';
import { PLANNER_INSTRUCTIONS, UPLOAD_REVIEW_INSTRUCTIONS, planJsonSchema, uploadReviewJsonSchema } from '../hosted-prompts';
import { EngineError, type EngineImage, type EngineOptions, type EngineResult, type ImageEngine, type UploadAnalysis } from '../image-engine';
import type { PlanRequest, ReplyPlanner } from '../../planning';
import type { GenerationPlan } from '@shared/generation';
import { parsePlan, parseUploadReview } from '../hosted-answers';

export interface GeminiEngineConfig {
  apiKey: string;
  model: string;
  textModel: string;
  /** Tests point the SDK at a local server. */
  baseUrl: string | undefined;
}

const REFUSALS = new Set<string>([
  FinishReason.SAFETY,
  FinishReason.PROHIBITED_CONTENT,
  FinishReason.IMAGE_SAFETY,
  FinishReason.IMAGE_PROHIBITED_CONTENT,
  FinishReason.BLOCKLIST,
  FinishReason.SPII,
]);

export function classifyGeminiError(error: unknown): EngineError {
  if (error instanceof EngineError) return error;
  if (error instanceof ApiError) {
    if (error.status === 429 || error.status >= 500) return new EngineError('transient', `The image service is busy (${error.status}). Please try again.`, { cause: error });
    return new EngineError('invalid', `The image service could not handle this request: ${error.message}`, { cause: error });
  }
  return new EngineError('transient', error instanceof Error ? error.message : String(error), { cause: error });
}

export class GeminiImageEngine implements ImageEngine, ReplyPlanner {
  readonly name = 'gemini' as const;
  private readonly ai: GoogleGenAI;

  constructor(private readonly config: GeminiEngineConfig) {
    this.ai = new GoogleGenAI({ apiKey: config.apiKey, httpOptions: { ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}), retryOptions: { attempts: 1 } } });
  }

  generate(prompt: string, options: EngineOptions): Promise<EngineResult> {
    return this.run([], prompt, options);
  }

  edit(images: EngineImage[], prompt: string, options: EngineOptions): Promise<EngineResult> {
    return this.run(images, prompt, options);
  }

  /** One image per call: Gemini image models answer with a single picture. */
  private async run(images: EngineImage[], prompt: string, options: EngineOptions): Promise<EngineResult> {
    const parts = [{ text: prompt }, ...images.map((image) => ({ inlineData: { mimeType: image.mimeType, data: image.data.toString('base64') } }))];
    const outputs: EngineImage[] = [];
    try {
      for (let i = 0; i < options.count; i++) {
        const response = await this.ai.models.generateContent({
          model: this.config.model,
          contents: [{ role: 'user', parts }],
          config: {
            responseModalities: [Modality.IMAGE, Modality.TEXT],
            abortSignal: options.signal,
            ...(options.aspectRatio !== 'unchanged' ? { imageConfig: { aspectRatio: options.aspectRatio } } : {}),
          },
        });
        outputs.push(imageOf(response));
      }
    } catch (error) {
      throw classifyGeminiError(error);
    }
    return { images: outputs, note: `Made with ${this.config.model}.` };
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

  async plan(request: PlanRequest): Promise<GenerationPlan> {
    try {
      const response = await this.ai.models.generateContent({
        model: this.config.textModel,
        contents: [{ role: 'user', parts: [{ text: JSON.stringify({ message: request.text, attachedPhotos: request.attachmentCount, hasPreviousResult: request.hasPreviousOutput }) }] }],
        config: { systemInstruction: PLANNER_INSTRUCTIONS, responseMimeType: 'application/json', responseJsonSchema: planJsonSchema },
      });
      return parsePlan(response.text ?? '', request);
    } catch (error) {
      throw classifyGeminiError(error);
    }
  }

  async analyzeUpload(image: EngineImage): Promise<UploadAnalysis> {
    try {
      const response = await this.ai.models.generateContent({
        model: this.config.textModel,
        contents: [{ role: 'user', parts: [{ inlineData: { mimeType: image.mimeType, data: image.data.toString('base64') } }] }],
        config: { systemInstruction: UPLOAD_REVIEW_INSTRUCTIONS, responseMimeType: 'application/json', responseJsonSchema: uploadReviewJsonSchema },
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
  if (response.promptFeedback?.blockReason) throw new EngineError('refused', 'The image service refused this request under its content policy.');
  const candidate = response.candidates?.[0];
  if (candidate?.finishReason && REFUSALS.has(candidate.finishReason)) {
    throw new EngineError('refused', 'The image service refused this request under its content policy.');
  }
  const inline = candidate?.content?.parts?.find((part) => part.inlineData?.data)?.inlineData;
  if (!inline?.data) throw new EngineError('transient', 'The image service answered without an image.');
  return { data: Buffer.from(inline.data, 'base64'), mimeType: inline.mimeType ?? 'image/png' };
}
