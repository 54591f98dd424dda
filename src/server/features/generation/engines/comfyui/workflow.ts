import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { aspectRatioDimensions, aspectRatioSchema, MAX_IMAGES_PER_REQUEST, type AspectRatio } from '@shared/generation';

/**
 * A ComfyUI workflow as PhotoMuse runs it: the graph in ComfyUI's API format ("Save (API)" in
 * ComfyUI), and a mapping of which node inputs receive the prompt, the negative prompt, the seed,
 * the size, the batch size and the input images — the idea of Open WebUI's `{type, node_ids, key}`
 * mapping, so that operators can bring any workflow. One JSON file per workflow.
 */

/** One node input: `{ "node": "6", "input": "text" }`. */
const inputRefSchema = z.object({ node: z.string().min(1), input: z.string().min(1) });
export type InputRef = z.infer<typeof inputRefSchema>;

/** A node of the API format: its class and its inputs (constants, or `[nodeId, outputIndex]` links). */
const apiNodeSchema = z.looseObject({
  class_type: z.string().min(1),
  inputs: z.record(z.string(), z.unknown()),
  _meta: z.object({ title: z.string() }).partial().optional(),
});
export type ApiNode = z.infer<typeof apiNodeSchema>;
export type ApiPrompt = Record<string, ApiNode>;

/**
 * `inpaint` repaints the selected area of one photo: its one image slot gets the photo with the
 * mask as its alpha (ComfyUI's /upload/mask), whose LoadImage MASK output (transparent = 1) feeds
 * the inpainting nodes.
 */
export const WORKFLOW_TASKS = ['text-to-image', 'edit', 'upscale', 'inpaint'] as const;
export type WorkflowTask = (typeof WORKFLOW_TASKS)[number];

const refs = z.array(inputRefSchema).default([]);

export const workflowFileSchema = z.object({
  /** The model as people read it in replies and in their usage history, e.g. "FLUX.1 [schnell]". */
  title: z.string().trim().min(1).max(80),
  task: z.enum(WORKFLOW_TASKS),
  /** The licence of the model weights the workflow loads (for the operator: a paid service needs one that allows it). */
  licence: z.string().optional(),
  /** Pictures one request may ask for; default: 4 when batch size or seed is mapped, else 1. */
  maxImages: z.int().min(1).max(MAX_IMAGES_PER_REQUEST).optional(),
  /** The size of a new picture, in megapixels, before it is fitted to the shape asked for. */
  megapixels: z.number().min(0.05).max(16).default(1),
  /** Width and height are multiples of this (16 for the latents of FLUX and Qwen-Image). */
  sizeMultiple: z.int().min(1).max(256).default(16),
  /** The only shapes it makes; unset: any (pictures are cropped to the shape asked for). */
  aspectRatios: z.array(aspectRatioSchema).min(1).optional(),
  inputs: z.object({
    prompt: refs,
    negativePrompt: refs,
    seed: refs,
    width: refs,
    height: refs,
    batchSize: refs,
    /** One entry per input image, in order: the LoadImage inputs that receive it. */
    images: z.array(z.array(inputRefSchema).min(1)).default([]),
  }),
  /** The node whose images are the result (a SaveImage); other nodes' images are never read. */
  output: z.string().min(1),
  workflow: z.record(z.string(), apiNodeSchema),
});

export interface Workflow extends Omit<z.infer<typeof workflowFileSchema>, 'maxImages'> {
  /** The file's name without `.json`: what COMFYUI_WORKFLOWS lists. */
  name: string;
  maxImages: number;
}

export class WorkflowFileError extends Error {
  constructor(
    readonly workflow: string,
    message: string,
  ) {
    super(`workflow "${workflow}": ${message}`);
    this.name = 'WorkflowFileError';
  }
}

/** The workflow files that ship with PhotoMuse (COMFYUI_WORKFLOWS_DIR unset). */
export const SHIPPED_WORKFLOWS_DIR = path.join(import.meta.dirname, 'workflows');

/** A workflow file's JSON, checked: the schema, and every mapped node and input present in its graph. */
export function parseWorkflow(name: string, json: unknown): Workflow {
  const parsed = workflowFileSchema.safeParse(json);
  if (!parsed.success)
    throw new WorkflowFileError(
      name,
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`).join('; '),
    );
  const file = parsed.data;
  const problems: string[] = [];
  const { images, ...values } = file.inputs;
  for (const [kind, list] of [...Object.entries(values), ...images.map((list, index) => [`images[${index}]`, list] as const)]) {
    for (const ref of list) {
      const node = file.workflow[ref.node];
      if (!node) problems.push(`inputs.${kind} names node "${ref.node}", which the workflow does not have`);
      else if (!(ref.input in node.inputs))
        problems.push(`inputs.${kind} names input "${ref.input}" of node "${ref.node}" (${node.class_type}), which it does not set`);
    }
  }
  if (!file.workflow[file.output]) problems.push(`output names node "${file.output}", which the workflow does not have`);
  if (file.task === 'text-to-image' && file.inputs.prompt.length === 0) problems.push('a text-to-image workflow needs inputs.prompt');
  if (file.task !== 'text-to-image' && images.length === 0) problems.push(`an ${file.task} workflow needs inputs.images`);
  if (file.task === 'inpaint' && images.length > 1) problems.push('an inpaint workflow takes one photo (inputs.images has one slot)');
  const canVary = file.inputs.batchSize.length > 0 || file.inputs.seed.length > 0;
  if ((file.maxImages ?? 1) > 1 && !canVary)
    problems.push('maxImages above 1 needs inputs.batchSize or inputs.seed (else every picture would be the same)');
  if (file.aspectRatios && !file.aspectRatios.includes('unchanged')) problems.push('aspectRatios must include "unchanged"');
  if (problems.length > 0) throw new WorkflowFileError(name, problems.join('; '));
  return { ...file, name, maxImages: file.maxImages ?? (canVary ? 4 : 1) };
}

/** Reads COMFYUI_WORKFLOWS from the directory, in order (once, at start). */
export function loadWorkflows(directory: string, names: string[]): Workflow[] {
  return names.map((name) => {
    if (!/^[\w.-]+$/.test(name))
      throw new WorkflowFileError(name, 'a workflow name is a file name without .json (letters, digits, dot, dash, underscore)');
    let text: string;
    try {
      text = readFileSync(path.join(directory, `${name}.json`), 'utf8');
    } catch (cause) {
      throw new WorkflowFileError(
        name,
        `cannot read ${path.join(directory, `${name}.json`)} (${(cause as NodeJS.ErrnoException).code ?? String(cause)})`,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new WorkflowFileError(name, 'is not JSON');
    }
    return parseWorkflow(name, json);
  });
}

/** A link between nodes in the API format: `[nodeId, outputIndex]`. */
export const isLink = (value: unknown): value is [string, number] =>
  Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'number';

/** What one run of a workflow gets. */
export interface WorkflowValues {
  prompt: string;
  negativePrompt: string;
  seed: number;
  width: number;
  height: number;
  batchSize: number;
  /** The uploaded images' names as LoadImage takes them (`subfolder/name`), in order. */
  images: string[];
}

/**
 * The workflow with the values set where its mapping says. Image slots beyond the photos given are
 * taken out, with every input that linked to them; `isOptionalInput` (from ComfyUI's /object_info)
 * says which inputs may go — a node that loses a required one goes too. Throws when the result
 * node itself would go (the workflow needs more photos than were given).
 */
export function buildPrompt(
  workflow: Workflow,
  values: WorkflowValues,
  isOptionalInput: (classType: string, input: string) => boolean,
): ApiPrompt {
  const prompt = structuredClone(workflow.workflow);
  const set = (list: InputRef[], value: unknown) => {
    for (const ref of list) prompt[ref.node]!.inputs[ref.input] = value;
  };
  set(workflow.inputs.prompt, values.prompt);
  set(workflow.inputs.negativePrompt, values.negativePrompt);
  set(workflow.inputs.seed, values.seed);
  set(workflow.inputs.width, values.width);
  set(workflow.inputs.height, values.height);
  set(workflow.inputs.batchSize, values.batchSize);
  const removed = new Set<string>();
  workflow.inputs.images.forEach((slot, index) => {
    const image = values.images[index];
    if (image === undefined) for (const ref of slot) removed.add(ref.node);
    else set(slot, image);
  });
  for (let changed = removed.size > 0; changed;) {
    changed = false;
    for (const [id, node] of Object.entries(prompt)) {
      if (removed.has(id)) continue;
      for (const [input, value] of Object.entries(node.inputs)) {
        if (!isLink(value) || !removed.has(value[0])) continue;
        if (isOptionalInput(node.class_type, input)) {
          delete node.inputs[input];
        } else {
          removed.add(id);
          changed = true;
          break;
        }
      }
    }
  }
  if (removed.has(workflow.output))
    throw new WorkflowFileError(workflow.name, `needs ${workflow.inputs.images.length} photos, got ${values.images.length}`);
  for (const id of removed) delete prompt[id];
  return prompt;
}

/**
 * Width and height for a shape at the workflow's size: a square for 'unchanged' (or the source's
 * shape, when a photo gives one), multiples of `sizeMultiple`.
 */
export function sizeFor(
  aspectRatio: AspectRatio,
  workflow: Pick<Workflow, 'megapixels' | 'sizeMultiple'>,
  source?: { width: number; height: number },
): { width: number; height: number } {
  const dimensions = aspectRatioDimensions(aspectRatio) ?? source ?? { width: 1, height: 1 };
  const ratio = dimensions.width / dimensions.height;
  const pixels = workflow.megapixels * 1024 * 1024;
  const snap = (value: number) => Math.max(workflow.sizeMultiple, Math.round(value / workflow.sizeMultiple) * workflow.sizeMultiple);
  return { width: snap(Math.sqrt(pixels * ratio)), height: snap(Math.sqrt(pixels / ratio)) };
}
