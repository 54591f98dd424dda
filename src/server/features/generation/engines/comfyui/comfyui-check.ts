import type { ModelProblem } from '../model-check';
import { ServerAnswerError, ServerUnreachableError } from '../self-hosted-http';
import { choicesOf, type ComfyUiClient, type ObjectInfo } from './comfyui-client';
import { isLink, type Workflow } from './workflow';

/** Asking ComfyUI for /object_info may take this long at start (it scans the model folders). */
const CHECK_TIMEOUT_MS = 20_000;

const MODEL_FILE = /\.(safetensors|sft|ckpt|pt|pth|bin|gguf|onnx)$/i;

/**
 * The start-up check of a ComfyUI: does it answer, does it take our credentials, and does it have
 * every node class and model file the workflows name, and every input their mappings set? Answers
 * the problems (each naming the variable to fix) and ComfyUI's /object_info, which the engine
 * keeps to know which inputs it may leave out.
 */
export async function checkComfyUi(
  client: ComfyUiClient,
  settings: { url: string },
  workflows: Workflow[],
): Promise<{ problems: ModelProblem[]; objectInfo: ObjectInfo | undefined }> {
  let objectInfo: ObjectInfo;
  try {
    objectInfo = await client.objectInfo(AbortSignal.timeout(CHECK_TIMEOUT_MS));
  } catch (error) {
    return { problems: [serverProblem(error, settings.url)], objectInfo: undefined };
  }
  return { problems: workflows.flatMap((workflow) => workflowProblems(workflow, objectInfo)), objectInfo };
}

function serverProblem(error: unknown, url: string): ModelProblem {
  if (error instanceof ServerAnswerError && (error.status === 401 || error.status === 403)) {
    return {
      variable: 'COMFYUI_API_KEY',
      model: url,
      problem: 'unauthorized',
      detail: `ComfyUI at ${url} refused the credentials (HTTP ${error.status}); set COMFYUI_API_KEY to the token it accepts`,
    };
  }
  const reason =
    error instanceof ServerUnreachableError || error instanceof ServerAnswerError
      ? error.message
      : error instanceof Error
        ? error.message
        : String(error);
  return {
    variable: 'COMFYUI_URL',
    model: url,
    problem: 'unreachable',
    detail: `ComfyUI at ${url} does not answer as ComfyUI does (${reason}); set COMFYUI_URL to a running ComfyUI`,
  };
}

/** What a workflow needs that this ComfyUI does not have. */
export function workflowProblems(workflow: Workflow, objectInfo: ObjectInfo): ModelProblem[] {
  const problems: ModelProblem[] = [];
  const variable = 'COMFYUI_WORKFLOWS';
  const imageInputs = new Set(workflow.inputs.images.flat().map((ref) => `${ref.node}.${ref.input}`));
  const missingClasses = new Set<string>();
  for (const [id, node] of Object.entries(workflow.workflow)) {
    const info = objectInfo[node.class_type];
    if (!info) {
      if (!missingClasses.has(node.class_type)) {
        problems.push({
          variable,
          model: workflow.name,
          problem: 'missing-node',
          detail: `workflow "${workflow.name}" uses the node ${node.class_type}, which this ComfyUI does not have; install the custom node that provides it, or leave the workflow out of COMFYUI_WORKFLOWS`,
        });
      }
      missingClasses.add(node.class_type);
      continue;
    }
    for (const [input, value] of Object.entries(node.inputs)) {
      if (isLink(value) || imageInputs.has(`${id}.${input}`)) continue;
      const choices = choicesOf(info.input.required?.[input] ?? info.input.optional?.[input]);
      if (!choices || choices.includes(value)) continue;
      problems.push(
        typeof value === 'string' && MODEL_FILE.test(value)
          ? {
              variable,
              model: value,
              problem: 'not-found',
              detail: `workflow "${workflow.name}" loads the model file "${value}" (${node.class_type}.${input}), which is not installed in this ComfyUI; install it, or edit the workflow`,
            }
          : {
              variable,
              model: String(value),
              problem: 'not-found',
              detail: `workflow "${workflow.name}" sets ${node.class_type}.${input} to "${String(value)}", which this ComfyUI does not offer`,
            },
      );
    }
  }
  const { images: _, ...mapped } = workflow.inputs;
  for (const ref of Object.values(mapped).flat()) {
    const node = workflow.workflow[ref.node]!;
    const info = objectInfo[node.class_type];
    if (info && !(ref.input in (info.input.required ?? {})) && !(ref.input in (info.input.optional ?? {}))) {
      problems.push({
        variable,
        model: workflow.name,
        problem: 'missing-node',
        detail: `workflow "${workflow.name}" maps ${node.class_type}.${ref.input} (node ${ref.node}), an input this ComfyUI's ${node.class_type} does not take`,
      });
    }
  }
  return problems;
}
