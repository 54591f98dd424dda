import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeComfyUi, type FakeComfyUi } from '@test/server/fake-comfyui-server';
import { EngineError, type EngineOptions } from '../image-engine';
import { ComfyUiImageEngine } from './comfyui-engine';
import { loadWorkflows, SHIPPED_WORKFLOWS_DIR } from './workflow';

/**
 * The ComfyUI engine against the strict local ComfyUI: what it sends, what it reads back, how it
 * reports progress, and how each failure is classified for the job (retry, or refund at once).
 */
let comfy: FakeComfyUi;
let engine: ComfyUiImageEngine;
const workflows = loadWorkflows(SHIPPED_WORKFLOWS_DIR, [
  'flux1-schnell',
  'qwen-image-edit',
  'realesrgan-x4-upscale',
  'qwen-image-edit-inpaint',
]);
const photo = async (width = 800, height = 600) => ({
  data: await sharp({ create: { width, height, channels: 3, background: '#a86' } })
    .jpeg()
    .toBuffer(),
  mimeType: 'image/jpeg',
});
const options = (patch: Partial<EngineOptions> = {}): EngineOptions => ({ count: 1, aspectRatio: 'unchanged', ...patch });

beforeAll(async () => {
  comfy = await startFakeComfyUi({ stepMs: 1 });
  engine = new ComfyUiImageEngine({ url: comfy.url, apiKey: undefined, workflows });
  expect(await engine.check()).toEqual([]);
});
afterAll(() => comfy?.close());
beforeEach(() => comfy.reset());

describe('the ComfyUI engine', () => {
  it('makes new pictures with the text-to-image workflow, in the shape and number asked for, and reports the steps and previews', async () => {
    const progress: Array<{ step: number; total: number }> = [];
    const previews: Buffer[] = [];
    const result = await engine.generate(
      'a lighthouse at dusk',
      options({ count: 2, aspectRatio: '16:9', onProgress: (p) => progress.push(p), onPreview: (jpeg) => previews.push(jpeg) }),
    );
    expect(result.images).toHaveLength(2);
    expect(await sharp(result.images[0]!.data).metadata()).toMatchObject({ width: 1360, height: 768 });
    expect(result).toMatchObject({
      note: [{ code: 'reply.madeWithOn', params: { model: 'FLUX.1 [schnell]', server: 'ComfyUI' } }],
      model: 'FLUX.1 [schnell]',
    });
    // One prompt: the batch size carries the count; the prompt text where the mapping says.
    expect(comfy.prompts).toHaveLength(1);
    const sent = comfy.prompts[0]!;
    expect(sent.prompt['6']!.inputs).toMatchObject({ text: 'a lighthouse at dusk' });
    expect(sent.prompt['5']!.inputs).toEqual({ width: 1360, height: 768, batch_size: 2 });
    expect(sent.clientId).toEqual(expect.any(String));
    expect(progress).toEqual([1, 2, 3, 4].map((step) => ({ step, total: 4 })));
    expect(previews.length).toBe(4);
    expect(previews[0]!.subarray(0, 2).toString('hex')).toBe('ffd8');
  });

  it('follows a prompt that ComfyUI finished before /prompt answered (its messages came first)', async () => {
    comfy.script({ finishBeforeAnswer: true });
    const result = await engine.generate('a lighthouse', options({ signal: AbortSignal.timeout(5_000) }));
    expect(result.images).toHaveLength(1);
  });

  it('edits a photo: uploads it to ComfyUI’s input folder and gives it to the workflow’s first image slot', async () => {
    const source = await photo();
    const result = await engine.edit([source], 'make the jacket red', options());
    expect(result.images).toHaveLength(1);
    const upload = comfy.received.find((request) => request.path === '/upload/image');
    expect(upload).toBeDefined();
    const loadImage = comfy.prompts[0]!.prompt['78']!.inputs!.image as string;
    expect(loadImage).toMatch(/^photomuse\/photomuse-[0-9a-f-]{36}\.jpg$/);
    expect(comfy.uploads.get(loadImage)?.data.equals(source.data)).toBe(true);
    expect(comfy.prompts[0]!.prompt['107']).toBeUndefined();
    expect(result.model).toBe('Qwen-Image-Edit-2509');
  });

  it('edits a selected area: the upright photo to /upload/image, the mask over it through /upload/mask, and the inpainting workflow on the masked photo', async () => {
    // A portrait JPEG stored sideways (EXIF orientation 6): the mask is drawn on the upright photo.
    const sideways = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#a86' } })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const selected = Buffer.alloc(400 * 600);
    for (let y = 100; y < 300; y += 1) for (let x = 50; x < 150; x += 1) selected[y * 400 + x] = 255;
    const mask = {
      png: await sharp(selected, { raw: { width: 400, height: 600, channels: 1 } })
        .png()
        .toBuffer(),
      width: 400,
      height: 600,
    };
    const result = await engine.edit([{ data: sideways, mimeType: 'image/jpeg' }], 'make the jacket red', options({ mask }));
    expect(result.images).toHaveLength(1);
    expect(comfy.received.map((request) => request.path).filter((path) => path.startsWith('/upload/'))).toEqual([
      '/upload/image',
      '/upload/mask',
    ]);
    expect(comfy.prompts).toHaveLength(1);
    const sent = comfy.prompts[0]!.prompt;
    // The inpainting workflow: LoadImage's MASK output into InpaintModelConditioning, whose latent is sampled.
    expect(sent['90']).toMatchObject({ class_type: 'InpaintModelConditioning', inputs: { mask: ['78', 1], noise_mask: true } });
    expect(sent['3']!.inputs).toMatchObject({ positive: ['90', 0], negative: ['90', 1], latent_image: ['112', 0] });
    expect(sent['76']!.inputs).toMatchObject({ prompt: 'make the jacket red' });
    // LoadImage reads the photo with the mask as its alpha: transparent (= MASK 1) exactly inside the area.
    const masked = comfy.uploads.get(sent['78']!.inputs!.image as string)!;
    expect(masked).toMatchObject({ width: 400, height: 600 });
    const { data } = await sharp(masked.data).raw().toBuffer({ resolveWithObject: true });
    const alphaAt = (x: number, y: number) => data[(y * 400 + x) * 4 + 3];
    expect([alphaAt(100, 200), alphaAt(50, 100), alphaAt(149, 299)]).toEqual([0, 0, 0]);
    expect([alphaAt(10, 10), alphaAt(200, 200), alphaAt(100, 350), alphaAt(150, 200)]).toEqual([255, 255, 255, 255]);
    expect(data[(200 * 400 + 100) * 4]).toBeGreaterThan(150);
    expect(result.model).toBe('Qwen-Image-Edit-2509');
  });

  it('without an inpaint workflow a masked edit runs the edit workflow (the compositing keeps only the area)', async () => {
    const editOnly = new ComfyUiImageEngine({
      url: comfy.url,
      apiKey: undefined,
      workflows: workflows.filter((workflow) => workflow.task !== 'inpaint'),
    });
    const mask = {
      png: await sharp(Buffer.alloc(800 * 600, 255), { raw: { width: 800, height: 600, channels: 1 } })
        .png()
        .toBuffer(),
      width: 800,
      height: 600,
    };
    await editOnly.edit([await photo()], 'make the jacket red', options({ mask }));
    expect(comfy.received.some((request) => request.path === '/upload/mask')).toBe(false);
    expect(comfy.prompts[0]!.prompt['90']).toBeUndefined();
  });

  it('edits several photos one by one unless they are to be combined, then into one picture', async () => {
    await engine.edit([await photo(), await photo(600, 800)], 'black and white', options({ count: 2 }));
    expect(comfy.prompts).toHaveLength(2);
    comfy.reset();
    await engine.edit([await photo(), await photo(600, 800)], 'put them side by side', options({ count: 1, combine: true }));
    expect(comfy.prompts).toHaveLength(1);
    expect(comfy.prompts[0]!.prompt['106']!.inputs!.image).toMatch(/^photomuse\//);
  });

  it('upscales with the upscale workflow, to twice the size', async () => {
    const result = await engine.upscale!([await photo(300, 200)], options());
    expect(await sharp(result.images[0]!.data).metadata()).toMatchObject({ width: 600, height: 400 });
  });

  it('at the try’s time limit interrupts its own prompt and gives up with the limit’s reason', async () => {
    comfy.script({ hang: true });
    const controller = new AbortController();
    const reason = new Error('time limit');
    const running = engine.generate('a lighthouse', options({ signal: controller.signal, onProgress: () => controller.abort(reason) }));
    await expect(running).rejects.toBe(reason);
    await expect.poll(() => comfy.interrupts).toEqual([comfy.prompts[0]!.promptId]);
    await expect.poll(() => comfy.busy()).toBe(false);
  });

  it('running out of GPU memory may pass on another try, once; a second time it is final', async () => {
    comfy.script({ executionError: 'out-of-memory' }, { executionError: 'out-of-memory' });
    const first = await engine.generate('a lighthouse', options({ attempt: 1 })).catch((error: unknown) => error);
    expect(first).toBeInstanceOf(EngineError);
    expect((first as EngineError).kind).toBe('transient');
    const second = await engine.generate('a lighthouse', options({ attempt: 2 })).catch((error: unknown) => error);
    expect((second as EngineError).kind).toBe('invalid');
  });

  it('any other execution error is final, naming the node', async () => {
    comfy.script({
      executionError: { exceptionType: 'RuntimeError', message: 'mat1 and mat2 shapes cannot be multiplied (1x768 and 2048x3072)' },
    });
    const error = (await engine.generate('a lighthouse', options()).catch((e: unknown) => e)) as EngineError;
    expect(error.kind).toBe('invalid');
    expect(error.message).toBe('ComfyUI failed in KSampler (node 3): mat1 and mat2 shapes cannot be multiplied (1x768 and 2048x3072)');
  });

  it('a prompt ComfyUI refuses (node_errors) is final: another try would be refused the same', async () => {
    comfy.setModels({ checkpoints: [] });
    try {
      const error = (await engine.generate('a lighthouse', options()).catch((e: unknown) => e)) as EngineError;
      expect(error).toBeInstanceOf(EngineError);
      expect(error.kind).toBe('invalid');
      expect(error.message).toContain("CheckpointLoaderSimple 4: Value not in list (ckpt_name: 'flux1-schnell-fp8.safetensors' not in [])");
    } finally {
      comfy.setModels({ checkpoints: ['flux1-schnell-fp8.safetensors'] });
    }
  });

  it('a ComfyUI that does not answer may answer on another try', async () => {
    const gone = new ComfyUiImageEngine({ url: 'http://127.0.0.1:9', apiKey: undefined, workflows });
    const error = (await gone.generate('a lighthouse', options()).catch((e: unknown) => e)) as EngineError;
    expect(error.kind).toBe('transient');
  });
});

describe('the ComfyUI start-up check', () => {
  it('names COMFYUI_URL for a server that does not answer, and COMFYUI_API_KEY for refused credentials', async () => {
    const gone = new ComfyUiImageEngine({ url: 'http://127.0.0.1:9', apiKey: undefined, workflows });
    expect(await gone.check()).toEqual([expect.objectContaining({ variable: 'COMFYUI_URL', problem: 'unreachable' })]);
    const guarded = await startFakeComfyUi({ apiKey: 'right' });
    try {
      const wrongKey = new ComfyUiImageEngine({ url: guarded.url, apiKey: 'wrong', workflows });
      expect(await wrongKey.check()).toEqual([expect.objectContaining({ variable: 'COMFYUI_API_KEY', problem: 'unauthorized' })]);
      guarded.reset();
      const rightKey = new ComfyUiImageEngine({ url: guarded.url, apiKey: 'right', workflows });
      expect(await rightKey.check()).toEqual([]);
      await rightKey.generate('a lighthouse', options());
      expect(guarded.received.map((request) => request.authorization)).toEqual(guarded.received.map(() => 'Bearer right'));
      expect(guarded.received.map((request) => request.path)).toEqual(expect.arrayContaining(['/object_info', '/prompt', '/view']));
    } finally {
      await guarded.close();
    }
  });

  it('names a node class the workflow needs that ComfyUI lacks', async () => {
    const [flux] = loadWorkflows(SHIPPED_WORKFLOWS_DIR, ['flux1-schnell']);
    const custom = {
      ...flux!,
      workflow: { ...flux!.workflow, '8': { class_type: 'VAEDecodeTiledPlus', inputs: { samples: ['3', 0], vae: ['4', 2] } } },
    };
    const problems = await new ComfyUiImageEngine({ url: comfy.url, apiKey: undefined, workflows: [custom] }).check();
    expect(problems).toEqual([
      expect.objectContaining({
        variable: 'COMFYUI_WORKFLOWS',
        problem: 'missing-node',
        detail: expect.stringContaining('uses the node VAEDecodeTiledPlus, which this ComfyUI does not have'),
      }),
    ]);
  });
});
