import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeA1111, type FakeA1111 } from '@test/server/fake-a1111-server';
import { type EngineError, type EngineOptions } from '../image-engine';
import { A1111ImageEngine, EDIT_DENOISING_STRENGTH } from './a1111-engine';

/** The AUTOMATIC1111 engine against a local web UI API started with --api-auth. */
let a1111: FakeA1111;
let engine: A1111ImageEngine;
const settings = (patch: Partial<ConstructorParameters<typeof A1111ImageEngine>[0]> = {}) => ({
  url: a1111.url,
  auth: { username: 'photomuse', password: 's3cret' },
  model: 'juggernautXL_v9',
  upscaler: 'R-ESRGAN 4x+',
  ...patch,
});
const options = (patch: Partial<EngineOptions> = {}): EngineOptions => ({ count: 1, aspectRatio: 'unchanged', ...patch });
const photo = async (width = 640, height = 480) => ({
  data: await sharp({ create: { width, height, channels: 3, background: '#68a' } })
    .png()
    .toBuffer(),
  mimeType: 'image/png',
});

beforeAll(async () => {
  a1111 = await startFakeA1111({ auth: 'photomuse:s3cret', stepMs: 2 });
  engine = new A1111ImageEngine(settings());
});
afterAll(() => a1111?.close());
beforeEach(() => a1111.reset());

describe('the AUTOMATIC1111 engine', () => {
  it('makes new pictures with txt2img, asking for its checkpoint, in the shape and number asked for', async () => {
    const result = await engine.generate('a lighthouse at dusk', options({ count: 3, aspectRatio: '16:9' }));
    expect(result.images).toHaveLength(3);
    const request = a1111.received.find((r) => r.path === '/sdapi/v1/txt2img')!;
    expect(request.json).toMatchObject({
      prompt: 'a lighthouse at dusk',
      batch_size: 3,
      n_iter: 1,
      width: 1368,
      height: 768,
      override_settings: { sd_model_checkpoint: 'juggernautXL_v9' },
    });
    expect(request.authorization).toBe(`Basic ${Buffer.from('photomuse:s3cret').toString('base64')}`);
    expect(a1111.usedModels).toEqual(['juggernautXL_v9.safetensors [c9e3e68f89]']);
    expect(result).toMatchObject({
      model: 'juggernautXL_v9',
      note: [{ code: 'reply.madeWithOn', params: { model: 'juggernautXL_v9', server: 'AUTOMATIC1111' } }],
    });
  });

  it('edits a photo with img2img at a denoising strength that keeps the photo, one request per photo', async () => {
    const first = await photo();
    await engine.edit([first, await photo(480, 640)], 'make it a watercolour', options({ count: 2 }));
    const requests = a1111.received.filter((r) => r.path === '/sdapi/v1/img2img');
    expect(requests).toHaveLength(2);
    expect(requests[0]!.json).toMatchObject({
      init_images: [first.data.toString('base64')],
      prompt: 'make it a watercolour',
      denoising_strength: EDIT_DENOISING_STRENGTH,
      batch_size: 1,
      width: 1184,
      height: 888,
    });
    expect(EDIT_DENOISING_STRENGTH).toBeGreaterThan(0.3);
    expect(EDIT_DENOISING_STRENGTH).toBeLessThan(0.8);
  });

  it('upscales with extra-single-image and the configured upscaler', async () => {
    const result = await engine.upscale([await photo(300, 200)], options());
    expect(a1111.received.find((r) => r.path === '/sdapi/v1/extra-single-image')!.json).toMatchObject({
      upscaler_1: 'R-ESRGAN 4x+',
      upscaling_resize: 2,
    });
    expect(await sharp(result.images[0]!.data).metadata()).toMatchObject({ width: 600, height: 400 });
  });

  it('reports the sampling steps and the picture so far from /sdapi/v1/progress while it works', async () => {
    a1111.setStepMs(40);
    const progress: Array<{ step: number; total: number }> = [];
    const previews: Buffer[] = [];
    try {
      await engine.generate('a lighthouse', options({ onProgress: (p) => progress.push(p), onPreview: (jpeg) => previews.push(jpeg) }));
    } finally {
      a1111.setStepMs(2);
    }
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((p) => p.total === 50 && p.step >= 1 && p.step <= 50)).toBe(true);
    expect(previews[0]?.subarray(0, 2).toString('hex')).toBe('ffd8');
  });

  it('at the try’s time limit asks the web UI to interrupt, and gives up with the limit’s reason', async () => {
    a1111.script({ hang: true });
    const controller = new AbortController();
    const reason = new Error('time limit');
    setTimeout(() => controller.abort(reason), 100);
    await expect(engine.generate('a lighthouse', options({ signal: controller.signal }))).rejects.toBe(reason);
    await expect.poll(() => a1111.interrupts()).toBe(1);
  });

  it('a 5xx may pass on another try; refused credentials or an unknown request never will', async () => {
    a1111.script({ status: 500, body: { error: 'OutOfMemoryError', detail: '', body: '', errors: 'CUDA out of memory.' } });
    expect(((await engine.generate('x', options()).catch((e: unknown) => e)) as EngineError).kind).toBe('transient');
    const wrong = new A1111ImageEngine(settings({ auth: { username: 'photomuse', password: 'wrong' } }));
    expect(((await wrong.generate('x', options()).catch((e: unknown) => e)) as EngineError).kind).toBe('invalid');
  });
});

describe('the AUTOMATIC1111 start-up check', () => {
  it('passes with the right credentials, model and upscaler', async () => {
    expect(await engine.check()).toEqual([]);
  });

  it('names A1111_AUTH when --api-auth refuses us (401 without or with wrong credentials)', async () => {
    expect(await new A1111ImageEngine(settings({ auth: undefined })).check()).toEqual([
      expect.objectContaining({ variable: 'A1111_AUTH', problem: 'unauthorized' }),
    ]);
    expect(await new A1111ImageEngine(settings({ auth: { username: 'x', password: 'y' } })).check()).toEqual([
      expect.objectContaining({ variable: 'A1111_AUTH', problem: 'unauthorized' }),
    ]);
  });

  it('names A1111_MODEL for a checkpoint the web UI does not have, and A1111_URL for one that does not answer', async () => {
    expect(await new A1111ImageEngine(settings({ model: 'flux1-dev' })).check()).toEqual([
      {
        variable: 'A1111_MODEL',
        model: 'flux1-dev',
        problem: 'not-found',
        detail: `AUTOMATIC1111 at ${a1111.url} has no checkpoint "flux1-dev" (it has: sd_xl_base_1.0.safetensors [31e35c80fc], juggernautXL_v9.safetensors [c9e3e68f89]); set A1111_MODEL to one of them`,
      },
    ]);
    expect(await new A1111ImageEngine(settings({ url: 'http://127.0.0.1:9' })).check()).toEqual([
      expect.objectContaining({ variable: 'A1111_URL', problem: 'unreachable' }),
    ]);
  });
});
