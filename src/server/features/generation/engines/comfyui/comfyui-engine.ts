import { coded } from '@shared/coded-text';
import { randomInt, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { EngineCapabilities } from '@shared/engines';
import { EngineError, type EngineImage, type EngineMask, type EngineOptions, type EngineResult, type ImageEngine } from '../image-engine';
import { comfyUiAlphaMask } from '../mask-forms';
import type { ModelProblem } from '../model-check';
import { engineErrorOf, ServerAnswerError } from '../self-hosted-http';
import { ComfyUiClient, type ComfyUiSocket, type ObjectInfo, type SocketMessage } from './comfyui-client';
import { checkComfyUi } from './comfyui-check';
import { buildPrompt, sizeFor, type Workflow, type WorkflowTask } from './workflow';

export interface ComfyUiEngineConfig {
  url: string;
  apiKey: string | undefined;
  /** The workflows offered; the first of each task is the one used. */
  workflows: Workflow[];
}

/** While the WebSocket is gone, the run's end is read from /history this often. */
const HISTORY_POLL_MS = 500;

/**
 * The operator's ComfyUI, through workflows in API format (workflow.ts). A run uploads the photos
 * (/upload/image; a selected area with /upload/mask for the inpaint workflow), queues the prompt under its own client id (/prompt), follows /ws for progress
 * and the end, and reads the mapped output node's images (/history, /view). At the try's time
 * limit it interrupts that prompt. ComfyUI refusing the prompt (node_errors) is final; a server
 * that does not answer, or answers 5xx, may work later; running out of GPU memory may too, once.
 */
export class ComfyUiImageEngine implements ImageEngine {
  readonly name = 'comfyui' as const;
  readonly upscale?: (images: EngineImage[], options: EngineOptions) => Promise<EngineResult>;
  private readonly client: ComfyUiClient;
  private objectInfo: ObjectInfo | undefined;

  constructor(private readonly config: ComfyUiEngineConfig) {
    this.client = new ComfyUiClient(config);
    const upscaler = this.workflowFor('upscale');
    if (upscaler) this.upscale = (images, options) => this.perPhoto(upscaler, '', images, options);
  }

  private workflowFor(task: WorkflowTask): Workflow | undefined {
    return this.config.workflows.find((workflow) => workflow.task === task);
  }

  capabilities(): EngineCapabilities {
    const generate = this.workflowFor('text-to-image');
    const edit = this.workflowFor('edit');
    const shapes = [generate, edit].flatMap((workflow) => (workflow?.aspectRatios ? [workflow.aspectRatios] : []));
    return {
      textToImage: generate ? { maxImages: generate.maxImages, model: generate.title } : null,
      edit: edit ? { maxImages: edit.maxImages, maxInputImages: edit.inputs.images.length, model: edit.title } : null,
      // A shape list in a workflow limits it; both listing one: the shapes both make.
      aspectRatios: shapes.length === 0 ? null : shapes.reduce((common, list) => common.filter((ratio) => list.includes(ratio))),
    };
  }

  /** The model that makes pictures for a task: the workflow's title. */
  modelFor(intent: 'generate' | 'edit'): string | null {
    return this.workflowFor(intent === 'edit' ? 'edit' : 'text-to-image')?.title ?? null;
  }

  /** The start-up check (comfyui-check.ts); keeps ComfyUI's /object_info for the runs. */
  async check(): Promise<ModelProblem[]> {
    const { problems, objectInfo } = await checkComfyUi(this.client, this.config, this.config.workflows);
    this.objectInfo = objectInfo ?? this.objectInfo;
    return problems;
  }

  async generate(prompt: string, options: EngineOptions): Promise<EngineResult> {
    const workflow = this.workflowFor('text-to-image');
    if (!workflow) throw new EngineError('invalid', coded('engine.noGenerateWorkflow'));
    return this.runWorkflow(workflow, prompt, [], options.count, options);
  }

  async edit(images: EngineImage[], prompt: string, options: EngineOptions): Promise<EngineResult> {
    // A selected area goes to the inpaint workflow, which samples only inside it; without one, the
    // edit workflow repaints the photo and the compositing afterwards keeps only the area.
    const inpaint = this.workflowFor('inpaint');
    if (options.mask && images.length === 1 && inpaint)
      return this.runWorkflow(inpaint, prompt, images, options.count, options, options.mask);
    const workflow = this.workflowFor('edit');
    if (!workflow) throw new EngineError('invalid', coded('engine.noEditWorkflow'));
    if (options.combine || images.length === 1) {
      if (images.length > workflow.inputs.images.length)
        throw new EngineError('invalid', coded('engine.tooManyPhotos', { count: workflow.inputs.images.length }));
      return this.runWorkflow(workflow, prompt, images, options.count, options);
    }
    return this.perPhoto(workflow, prompt, images, options);
  }

  /** One run per photo, each making its share of the pictures. */
  private async perPhoto(workflow: Workflow, prompt: string, images: EngineImage[], options: EngineOptions): Promise<EngineResult> {
    const each = Math.max(1, Math.ceil(options.count / images.length));
    const results: EngineImage[] = [];
    for (const image of images) results.push(...(await this.runWorkflow(workflow, prompt, [image], each, options)).images);
    return { images: results, note: noteOf(workflow), model: workflow.title };
  }

  private async runWorkflow(
    workflow: Workflow,
    text: string,
    images: EngineImage[],
    count: number,
    options: EngineOptions,
    mask?: EngineMask,
  ): Promise<EngineResult> {
    const signal = options.signal;
    try {
      const objectInfo = (this.objectInfo ??= await this.client.objectInfo(signal));
      const clientId = randomUUID();
      const socket = await this.client.openSocket(clientId, signal);
      try {
        const names = mask
          ? [await this.uploadMasked(images[0]!, mask, signal)]
          : await Promise.all(images.map((image) => this.client.upload(image, signal)));
        const source = images[0] ? await sharp(images[0].data).metadata() : undefined;
        const size = sizeFor(
          options.aspectRatio,
          workflow,
          source?.width && source.height ? { width: source.width, height: source.height } : undefined,
        );
        const perRun = workflow.inputs.batchSize.length > 0 ? Math.min(count, workflow.maxImages) : 1;
        const outputs: EngineImage[] = [];
        while (outputs.length < count) {
          const batchSize = Math.min(perRun, count - outputs.length);
          const prompt = buildPrompt(
            workflow,
            { prompt: text, negativePrompt: '', seed: randomInt(0, 2 ** 47), ...size, batchSize, images: names },
            optionalIn(objectInfo),
          );
          const chosenId = randomUUID();
          const promptId = await this.client.queuePrompt(prompt, clientId, chosenId, signal).catch((error: unknown) => {
            if (signal?.aborted) void this.client.stop(chosenId);
            throw error;
          });
          await this.followRun(socket, promptId, options);
          outputs.push(...(await this.outputsOf(workflow, promptId, signal)));
        }
        return { images: outputs.slice(0, count), note: noteOf(workflow), model: workflow.title };
      } finally {
        socket.close();
      }
    } catch (error) {
      throw classify(error);
    }
  }

  /**
   * The photo upright as PNG (ComfyUI's /upload/mask opens it without turning it by its EXIF
   * orientation, and the mask is drawn on the upright photo), then the mask over it: answers the
   * name of the photo with the mask as its alpha.
   */
  private async uploadMasked(image: EngineImage, mask: EngineMask, signal: AbortSignal | undefined): Promise<string> {
    const upright = await sharp(image.data).rotate().resize(mask.width, mask.height, { fit: 'fill' }).png().toBuffer();
    const photo = await this.client.uploadFile({ data: upright, mimeType: 'image/png' }, signal);
    return this.client.uploadMask(photo, await comfyUiAlphaMask(mask), signal);
  }

  /**
   * Until ComfyUI says our prompt is done (execution_success, or `executing` with node null), with
   * its progress and previews passed on. At the time limit the prompt is interrupted. Should the
   * socket drop, /history says when the prompt is done.
   */
  private followRun(socket: ComfyUiSocket, promptId: string, options: EngineOptions): Promise<void> {
    const { signal } = options;
    return new Promise<void>((resolve, reject) => {
      let settled = false;
      let running = false;
      const finish = (error?: unknown) => {
        if (settled) return;
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        if (error === undefined) resolve();
        else reject(error);
      };
      const onAbort = () => {
        void this.client.stop(promptId);
        finish(signal!.reason ?? new Error('aborted'));
      };
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      socket.onMessage((message) => {
        if (message.data.prompt_id !== promptId) return;
        const failure = failureOf(message, options.attempt ?? 1);
        if (failure) return finish(failure);
        if (message.type === 'execution_start') running = true;
        if (message.type === 'progress' && typeof message.data.value === 'number' && typeof message.data.max === 'number')
          options.onProgress?.({ step: message.data.value, total: message.data.max });
        if (message.type === 'execution_success' || (message.type === 'executing' && message.data.node === null)) finish();
      });
      socket.onPreview((image, type) => {
        // Previews carry no prompt id; our client id only gets our own, and only while one runs.
        if (running && !settled && type === 'jpeg') options.onPreview?.(image);
      });
      socket.onClose(() => {
        if (!settled) void this.pollHistory(promptId, signal, () => settled).then(() => finish(), finish);
      });
    });
  }

  private async pollHistory(promptId: string, signal: AbortSignal | undefined, settled: () => boolean): Promise<void> {
    while (!settled()) {
      const entry = await this.client.history(promptId, signal);
      if (entry?.status?.completed) return;
      if (entry?.status?.status_str === 'error') throw new EngineError('transient', coded('engine.workflowStopped'));
      await new Promise((resolve) => setTimeout(resolve, HISTORY_POLL_MS));
    }
  }

  /** The images of the workflow's output node only (other output nodes' images are never read). */
  private async outputsOf(workflow: Workflow, promptId: string, signal: AbortSignal | undefined): Promise<EngineImage[]> {
    const entry = await this.client.history(promptId, signal);
    const images = entry?.outputs[workflow.output]?.images ?? [];
    if (images.length === 0) throw new EngineError('transient', coded('engine.workflowNoOutput'));
    return Promise.all(images.map((image) => this.client.view(image, signal)));
  }
}

const noteOf = (workflow: Workflow) => [coded('reply.madeWithOn', { model: workflow.title, server: 'ComfyUI' })];

/** Which inputs of a node class ComfyUI lets a prompt leave out. */
function optionalIn(objectInfo: ObjectInfo) {
  return (classType: string, input: string) => input in (objectInfo[classType]?.input.optional ?? {});
}

/** An execution_error or execution_interrupted of our prompt in our terms. */
function failureOf(message: SocketMessage, attempt: number): EngineError | undefined {
  if (message.type === 'execution_interrupted') return new EngineError('transient', coded('engine.workflowInterrupted'));
  if (message.type !== 'execution_error') return undefined;
  const type = String(message.data.exception_type ?? '');
  const text = String(message.data.exception_message ?? '');
  const node = `${String(message.data.node_type ?? 'a node')} (node ${String(message.data.node_id ?? '?')})`;
  if (/OutOfMemory/i.test(type) || /out of memory/i.test(text)) {
    // The GPU may have been busy with something else: one more try, then the refund.
    return attempt <= 1
      ? new EngineError('transient', coded('engine.outOfMemoryRetrying'))
      : new EngineError('invalid', coded('engine.outOfMemory'));
  }
  return new EngineError('invalid', coded('engine.nodeFailed', { node, detail: text.split('\n')[0]!.slice(0, 200) }));
}

/** ComfyUI refusing our prompt (400, node_errors) is final: the same prompt would be refused again. */
function classify(error: unknown): unknown {
  if (error instanceof ServerAnswerError && error.status === 400) {
    const body = error.json() as
      | {
          error?: { message?: string; details?: string };
          node_errors?: Record<string, { class_type?: string; errors?: Array<{ message?: string; details?: string }> }>;
        }
      | undefined;
    const nodeErrors = Object.entries(body?.node_errors ?? {}).flatMap(([id, entry]) =>
      (entry.errors ?? []).map((reason) => `${entry.class_type ?? '?'} ${id}: ${reason.message ?? ''} (${reason.details ?? ''})`),
    );
    const summary = [body?.error?.message ?? 'invalid prompt', ...nodeErrors].join('; ');
    return new EngineError('invalid', coded('engine.workflowRefused', { detail: summary.slice(0, 470) }), { cause: error });
  }
  return engineErrorOf(error, 'ComfyUI');
}
