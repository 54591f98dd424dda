import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startFakeComfyUi, type FakeComfyUi } from '@test/server/fake-comfyui-server';

/**
 * The local ComfyUI the engine is tested against refuses what ComfyUI refuses, in ComfyUI's
 * shapes (execution.py's validate_prompt), and tells a prompt's client what ComfyUI tells it over
 * /ws. A stand-in that let these through would let an engine that sends them pass its tests.
 */
let comfy: FakeComfyUi;
beforeAll(async () => {
  comfy = await startFakeComfyUi({ stepMs: 1 });
});
afterAll(() => comfy?.close());
beforeEach(() => comfy.reset());

/** A text-to-image graph as the API format has it. */
function graph(): Record<string, { class_type: string; inputs: Record<string, unknown>; _meta?: { title: string } }> {
  return {
    '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'flux1-schnell-fp8.safetensors' } },
    '6': { class_type: 'CLIPTextEncode', inputs: { text: 'a lighthouse', clip: ['4', 1] } },
    '5': { class_type: 'EmptySD3LatentImage', inputs: { width: 512, height: 256, batch_size: 2 } },
    '3': {
      class_type: 'KSampler',
      inputs: {
        model: ['4', 0],
        seed: 1,
        steps: 4,
        cfg: 1,
        sampler_name: 'euler',
        scheduler: 'simple',
        positive: ['6', 0],
        negative: ['6', 0],
        latent_image: ['5', 0],
        denoise: 1,
      },
    },
    '8': { class_type: 'VAEDecode', inputs: { samples: ['3', 0], vae: ['4', 2] } },
    '9': { class_type: 'SaveImage', inputs: { images: ['8', 0], filename_prefix: 'test' } },
  };
}

async function postPrompt(prompt: unknown, clientId?: string) {
  const response = await fetch(`${comfy.url}/prompt`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ prompt, client_id: clientId }),
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      error?: { type: string; message: string; details: string };
      node_errors?: Record<string, { class_type: string; errors: Array<{ type: string; message: string; details: string }> }>;
      prompt_id?: string;
    },
  };
}

describe('prompt validation, as ComfyUI validates', () => {
  it('accepts a valid graph and answers its prompt_id, number and empty node_errors', async () => {
    const { status, body } = await postPrompt(graph());
    expect(status).toBe(200);
    expect(body).toEqual({ prompt_id: expect.any(String), number: expect.any(Number), node_errors: {} });
  });

  it('refuses an unknown node class before anything else: missing_node_type, no node_errors', async () => {
    const prompt = { ...graph(), '12': { class_type: 'FluxKontextProImageNode', inputs: {}, _meta: { title: 'Kontext Pro' } } };
    const { status, body } = await postPrompt(prompt);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({
      type: 'missing_node_type',
      message: "Node 'Kontext Pro' not found. The custom node may not be installed.",
      details: "Node ID '#12'",
    });
    expect(body.node_errors).toEqual({});
  });

  it('refuses a missing required input, naming it in node_errors under its node', async () => {
    const prompt = graph();
    delete prompt['3']!.inputs.scheduler;
    const { status, body } = await postPrompt(prompt);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ type: 'prompt_outputs_failed_validation', message: 'Prompt outputs failed validation' });
    expect(body.node_errors).toEqual({
      '3': {
        class_type: 'KSampler',
        dependent_outputs: ['9'],
        errors: [
          {
            type: 'required_input_missing',
            message: 'Required input is missing',
            details: 'scheduler',
            extra_info: { input_name: 'scheduler' },
          },
        ],
      },
    });
  });

  it('refuses a link to a node that does not exist, and to an output a node does not have', async () => {
    const toMissingNode = graph();
    toMissingNode['8']!.inputs.vae = ['99', 0];
    const first = await postPrompt(toMissingNode);
    expect(first.status).toBe(400);
    expect(first.body.node_errors?.['8']?.errors[0]).toMatchObject({ type: 'exception_during_inner_validation', details: "'99'" });

    const toMissingOutput = graph();
    toMissingOutput['8']!.inputs.vae = ['4', 7];
    const second = await postPrompt(toMissingOutput);
    expect(second.status).toBe(400);
    expect(second.body.node_errors?.['8']?.errors[0]).toMatchObject({
      type: 'exception_during_inner_validation',
      details: 'tuple index out of range',
    });
  });

  it('refuses a link of the wrong type', async () => {
    const prompt = graph();
    prompt['8']!.inputs.vae = ['4', 1];
    const { body } = await postPrompt(prompt);
    expect(body.node_errors?.['8']?.errors[0]).toMatchObject({
      type: 'return_type_mismatch',
      details: 'vae, received_type(CLIP) mismatch input_type(VAE)',
    });
  });

  it('refuses a model file that is not installed (value_not_in_list) and a number out of range', async () => {
    const prompt = graph();
    prompt['4']!.inputs.ckpt_name = 'flux1-dev.safetensors';
    prompt['5']!.inputs.batch_size = 0;
    const { status, body } = await postPrompt(prompt);
    expect(status).toBe(400);
    expect(body.node_errors?.['4']?.errors[0]).toMatchObject({
      type: 'value_not_in_list',
      message: 'Value not in list',
      details: "ckpt_name: 'flux1-dev.safetensors' not in ['flux1-schnell-fp8.safetensors']",
    });
    expect(body.node_errors?.['5']?.errors[0]).toMatchObject({
      type: 'value_smaller_than_min',
      message: 'Value 0 smaller than min of 1',
      details: 'batch_size',
    });
  });

  it('refuses a LoadImage of a file never uploaded, and takes it once uploaded', async () => {
    const prompt = {
      '1': { class_type: 'LoadImage', inputs: { image: 'photomuse/never-uploaded.png' } },
      '2': { class_type: 'SaveImage', inputs: { images: ['1', 0], filename_prefix: 'test' } },
    };
    const refused = await postPrompt(prompt);
    expect(refused.status).toBe(400);
    expect(refused.body.node_errors?.['1']?.errors[0]).toMatchObject({
      type: 'custom_validation_failed',
      details: 'image - Invalid image file: photomuse/never-uploaded.png',
    });

    const form = new FormData();
    form.append(
      'image',
      new Blob([
        new Uint8Array(
          await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
            .png()
            .toBuffer(),
        ),
      ]),
      'never-uploaded.png',
    );
    form.append('subfolder', 'photomuse');
    const upload = await fetch(`${comfy.url}/upload/image`, { method: 'POST', body: form });
    expect(await upload.json()).toEqual({ name: 'never-uploaded.png', subfolder: 'photomuse', type: 'input' });
    expect((await postPrompt(prompt)).status).toBe(200);
  });

  it('/upload/mask puts the mask’s alpha into the photo original_ref names; without original_ref it fails, and an unknown photo saves nothing', async () => {
    const png = (width: number, height: number, alpha: number) =>
      sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha } } })
        .png()
        .toBuffer();
    const uploadMask = async (mask: Buffer, originalRef?: unknown) => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(mask)]), `mask-${randomUUID()}.png`);
      form.append('type', 'input');
      form.append('subfolder', 'photomuse');
      if (originalRef !== undefined) form.append('original_ref', JSON.stringify(originalRef));
      return fetch(`${comfy.url}/upload/mask`, { method: 'POST', body: form });
    };
    const photoForm = new FormData();
    photoForm.append(
      'image',
      new Blob([
        new Uint8Array(
          await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
            .png()
            .toBuffer(),
        ),
      ]),
      'photo.png',
    );
    photoForm.append('subfolder', 'photomuse');
    await fetch(`${comfy.url}/upload/image`, { method: 'POST', body: photoForm });

    // json.loads(None) in server.py: an unhandled TypeError, which aiohttp answers with a 500.
    expect((await uploadMask(await png(8, 8, 0))).status).toBe(500);
    // putalpha of another size: PIL's ValueError, a 500 too.
    expect((await uploadMask(await png(4, 4, 0), { filename: 'photo.png', subfolder: 'photomuse', type: 'input' })).status).toBe(500);

    const unknown = await uploadMask(await png(8, 8, 0), { filename: 'not-there.png', subfolder: 'photomuse', type: 'input' });
    const unknownName = (await unknown.json()) as { name: string; subfolder: string };
    expect(unknown.status).toBe(200);
    const loadUnknown = {
      '1': { class_type: 'LoadImage', inputs: { image: `photomuse/${unknownName.name}` } },
      '2': { class_type: 'SaveImage', inputs: { images: ['1', 0], filename_prefix: 'test' } },
    };
    expect((await postPrompt(loadUnknown)).body.node_errors?.['1']?.errors[0]).toMatchObject({ type: 'custom_validation_failed' });

    const masked = await uploadMask(await png(8, 8, 0), { filename: 'photo.png', subfolder: 'photomuse', type: 'input' });
    const { name } = (await masked.json()) as { name: string };
    const stored = await sharp(comfy.uploads.get(`photomuse/${name}`)!.data)
      .raw()
      .toBuffer();
    expect([...stored.subarray(0, 4)]).toEqual([255, 0, 0, 0]);
  });

  it('knows the inpainting nodes’ required inputs', async () => {
    const { '9': _, ...rest } = graph();
    const prompt = {
      ...rest,
      '10': { class_type: 'LoadImage', inputs: { image: 'example.png' } },
      '11': {
        class_type: 'InpaintModelConditioning',
        inputs: { positive: ['6', 0], negative: ['6', 0], vae: ['4', 2], pixels: ['10', 0], mask: ['10', 1] },
      },
      '12': { class_type: 'VAEEncodeForInpaint', inputs: { pixels: ['10', 0], vae: ['4', 2], mask: ['10', 1] } },
      '13': { class_type: 'SetLatentNoiseMask', inputs: { samples: ['12', 0] } },
      '14': {
        class_type: 'KSampler',
        inputs: { ...graph()['3']!.inputs, positive: ['11', 0], negative: ['11', 1], latent_image: ['13', 0] },
      },
      '15': { class_type: 'VAEDecode', inputs: { samples: ['14', 0], vae: ['4', 2] } },
      '16': { class_type: 'SaveImage', inputs: { images: ['15', 0], filename_prefix: 'test' } },
    };
    const refused = await postPrompt(prompt);
    expect(refused.status).toBe(400);
    const missing = (id: string) => refused.body.node_errors?.[id]?.errors.map((error) => `${error.type} ${error.details}`);
    expect(missing('11')).toEqual(['required_input_missing noise_mask']);
    expect(missing('12')).toEqual(['required_input_missing grow_mask_by']);
    expect(missing('13')).toEqual(['required_input_missing mask']);
    prompt['11'].inputs = { ...prompt['11'].inputs, noise_mask: true } as (typeof prompt)['11']['inputs'];
    prompt['12'].inputs = { ...prompt['12'].inputs, grow_mask_by: 6 } as (typeof prompt)['12']['inputs'];
    prompt['13'].inputs = { ...prompt['13'].inputs, mask: ['10', 1] } as (typeof prompt)['13']['inputs'];
    expect((await postPrompt(prompt)).status).toBe(200);
  });

  it('refuses a graph without an output node, and a body without a prompt', async () => {
    const prompt = graph();
    delete prompt['9'];
    expect((await postPrompt(prompt)).body.error).toMatchObject({ type: 'prompt_no_outputs', message: 'Prompt has no outputs' });
    const response = await fetch(`${comfy.url}/prompt`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { type: 'no_prompt', message: 'No prompt provided', details: 'No prompt provided', extra_info: {} },
      node_errors: {},
    });
  });

  it('lists model files as choices in /object_info: V1 nodes as [[...]], V3 nodes as ["COMBO", {options}]', async () => {
    const info = (await (await fetch(`${comfy.url}/object_info`)).json()) as Record<
      string,
      { input: { required: Record<string, [unknown, Record<string, unknown>?]> } }
    >;
    expect(info.CheckpointLoaderSimple!.input.required.ckpt_name![0]).toEqual(['flux1-schnell-fp8.safetensors']);
    expect(info.UpscaleModelLoader!.input.required.model_name).toEqual([
      'COMBO',
      { options: ['RealESRGAN_x4plus.pth'], multiselect: false },
    ]);
  });
});

/** A socket that records ComfyUI's messages (and counts binary preview frames). */
async function listen(clientId: string) {
  const socket = new WebSocket(`${comfy.url.replace('http', 'ws')}/ws?clientId=${clientId}`);
  const messages: Array<{ type: string; data: Record<string, unknown> }> = [];
  const frames: Buffer[] = [];
  socket.on('message', (raw: Buffer, binary: boolean) =>
    binary ? frames.push(raw) : messages.push(JSON.parse(raw.toString()) as { type: string; data: Record<string, unknown> }),
  );
  await new Promise((resolve) => socket.once('open', resolve));
  return { socket, messages, frames };
}

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
}

describe('a run, as ComfyUI reports it', () => {
  it('greets the socket with status, then sends the run to its client: start, executing, progress with previews, executed, success, the end', async () => {
    const clientId = randomUUID();
    const { socket, messages, frames } = await listen(clientId);
    const { body } = await postPrompt(graph(), clientId);
    const id = body.prompt_id!;
    await until(() => messages.some((m) => m.type === 'executing' && m.data.node === null));
    socket.close();
    const types = messages.map((m) => m.type);
    expect(types[0]).toBe('status');
    expect(messages[0]!.data.sid).toBe(clientId);
    const run = messages.filter((m) => m.data.prompt_id === id);
    expect(run.map((m) => m.type)).toEqual([
      'execution_start',
      'execution_cached',
      'executing',
      'executing',
      'executing',
      'executing',
      'progress',
      'progress',
      'progress',
      'progress',
      'executing',
      'executing',
      'executed',
      'execution_success',
      'executing',
    ]);
    expect(run.filter((m) => m.type === 'progress').map((m) => m.data)).toEqual(
      [1, 2, 3, 4].map((value) => ({ value, max: 4, prompt_id: id, node: '3' })),
    );
    // server.py's binary frames: PREVIEW_IMAGE (1), JPEG (1), then the image.
    expect(frames).toHaveLength(4);
    expect([frames[0]!.readUInt32BE(0), frames[0]!.readUInt32BE(4), frames[0]!.subarray(8, 10).toString('hex')]).toEqual([1, 1, 'ffd8']);
    const executed = run.find((m) => m.type === 'executed')!.data;
    expect(executed).toMatchObject({
      node: '9',
      output: { images: [{ filename: expect.stringMatching(/^test_\d{5}_\.png$/), subfolder: '', type: 'output' }, expect.any(Object)] },
    });

    const history = (await (await fetch(`${comfy.url}/history/${id}`)).json()) as Record<
      string,
      {
        outputs: Record<string, { images: Array<{ filename: string; subfolder: string; type: string }> }>;
        status: { status_str: string; completed: boolean };
      }
    >;
    expect(history[id]!.status).toMatchObject({ status_str: 'success', completed: true });
    const image = history[id]!.outputs['9']!.images[0]!;
    const view = await fetch(`${comfy.url}/view?${new URLSearchParams(image).toString()}`);
    expect(await sharp(Buffer.from(await view.arrayBuffer())).metadata()).toMatchObject({ width: 512, height: 256 });
  });

  it('reports an execution error to the prompt’s client, out of GPU memory as torch names it', async () => {
    const clientId = randomUUID();
    const { socket, messages } = await listen(clientId);
    comfy.script({ executionError: 'out-of-memory' });
    const id = (await postPrompt(graph(), clientId)).body.prompt_id!;
    await until(() => messages.some((m) => m.type === 'executing' && m.data.node === null));
    socket.close();
    const error = messages.find((m) => m.type === 'execution_error')!.data;
    expect(error).toMatchObject({ prompt_id: id, node_id: '3', node_type: 'KSampler', exception_type: 'torch.OutOfMemoryError' });
    expect(messages.some((m) => m.type === 'execution_success')).toBe(false);
  });

  it('interrupts only the prompt named, and only while it runs', async () => {
    const clientId = randomUUID();
    const { socket, messages } = await listen(clientId);
    comfy.script({ hang: true });
    const id = (await postPrompt(graph(), clientId)).body.prompt_id!;
    await until(() => messages.some((m) => m.type === 'progress'));
    await fetch(`${comfy.url}/interrupt`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ prompt_id: 'someone-else' }),
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(messages.some((m) => m.type === 'execution_interrupted')).toBe(false);
    await fetch(`${comfy.url}/interrupt`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ prompt_id: id }),
    });
    await until(() => messages.some((m) => m.type === 'execution_interrupted'));
    socket.close();
    expect(messages.find((m) => m.type === 'execution_interrupted')!.data).toMatchObject({
      prompt_id: id,
      node_id: '3',
      node_type: 'KSampler',
    });
  });

  it('behind an API key, refuses requests and sockets without the Bearer token', async () => {
    const guarded = await startFakeComfyUi({ apiKey: 'secret-token' });
    try {
      expect((await fetch(`${guarded.url}/object_info`)).status).toBe(401);
      expect((await fetch(`${guarded.url}/object_info`, { headers: { Authorization: 'Bearer secret-token' } })).status).toBe(200);
      const refused = new WebSocket(`${guarded.url.replace('http', 'ws')}/ws`);
      const status = await new Promise<number | undefined>((resolve) =>
        refused.on('unexpected-response', (_req, res) => resolve(res.statusCode)),
      );
      expect(status).toBe(401);
    } finally {
      await guarded.close();
    }
  });
});
