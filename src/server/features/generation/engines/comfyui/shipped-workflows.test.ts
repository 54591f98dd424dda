import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeComfyUi, type FakeComfyUi } from '@test/server/fake-comfyui-server';
import { ComfyUiClient } from './comfyui-client';
import { checkComfyUi } from './comfyui-check';
import { buildPrompt, loadWorkflows, SHIPPED_WORKFLOWS_DIR } from './workflow';

/**
 * Every workflow that ships with PhotoMuse passes the strict ComfyUI's checks: the start-up check
 * finds every node class and model file, and the prompt the engine builds from it — with one, two
 * or three photos for the edit — passes ComfyUI's validation and runs to images.
 */
const NAMES = ['flux1-schnell', 'qwen-image', 'qwen-image-edit', 'qwen-image-edit-inpaint', 'realesrgan-x4-upscale'];
let comfy: FakeComfyUi;
let client: ComfyUiClient;
beforeAll(async () => {
  comfy = await startFakeComfyUi({ stepMs: 0 });
  client = new ComfyUiClient({ url: comfy.url, apiKey: undefined });
});
afterAll(() => comfy?.close());

describe('the shipped workflows against a strict ComfyUI', () => {
  it('pass the start-up check: every node class, model file and mapped input is there', async () => {
    const { problems, objectInfo } = await checkComfyUi(client, { url: comfy.url }, loadWorkflows(SHIPPED_WORKFLOWS_DIR, NAMES));
    expect(problems).toEqual([]);
    expect(objectInfo).toBeDefined();
  });

  it.each(NAMES)('%s: the prompt the engine builds passes /prompt validation, with every number of photos it takes', async (name) => {
    const [workflow] = loadWorkflows(SHIPPED_WORKFLOWS_DIR, [name]);
    const objectInfo = await client.objectInfo();
    const optional = (classType: string, input: string) => input in (objectInfo[classType]?.input.optional ?? {});
    const photo = {
      data: await sharp({ create: { width: 640, height: 480, channels: 3, background: '#88a' } })
        .jpeg()
        .toBuffer(),
      mimeType: 'image/jpeg',
    };
    const photoCounts = workflow!.inputs.images.length === 0 ? [0] : workflow!.inputs.images.map((_, index) => index + 1);
    for (const count of photoCounts) {
      const images = await Promise.all(Array.from({ length: count }, () => client.upload(photo)));
      const prompt = buildPrompt(
        workflow!,
        { prompt: 'a lighthouse at dusk', negativePrompt: '', seed: 7, width: 1024, height: 768, batchSize: 1, images },
        optional,
      );
      const response = await fetch(`${comfy.url}/prompt`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ prompt }),
      });
      const body = (await response.json()) as { prompt_id?: string; node_errors?: unknown; error?: unknown };
      expect({ status: response.status, error: body.error, node_errors: body.node_errors }).toEqual({
        status: 200,
        error: undefined,
        node_errors: {},
      });
    }
  });

  it('report a model file that is not installed, naming the file and the variable to fix', async () => {
    const bare = await startFakeComfyUi({ models: { diffusion_models: [] } });
    try {
      const { problems } = await checkComfyUi(
        new ComfyUiClient({ url: bare.url, apiKey: undefined }),
        { url: bare.url },
        loadWorkflows(SHIPPED_WORKFLOWS_DIR, ['qwen-image-edit']),
      );
      expect(problems).toEqual([
        {
          variable: 'COMFYUI_WORKFLOWS',
          model: 'qwen_image_edit_2509_fp8_e4m3fn.safetensors',
          problem: 'not-found',
          detail:
            'workflow "qwen-image-edit" loads the model file "qwen_image_edit_2509_fp8_e4m3fn.safetensors" (UNETLoader.unet_name), which is not installed in this ComfyUI; install it, or edit the workflow',
        },
      ]);
    } finally {
      await bare.close();
    }
  });
});
