import { describe, expect, it } from 'vitest';
import { engineRefusalOf, pickableImageCount, type EngineCapabilities, type EngineRequest } from './engines';

const everything: EngineCapabilities = {
  textToImage: { maxImages: 5, model: null },
  edit: { maxImages: 5, maxInputImages: 5, model: null },
  aspectRatios: null,
};
const textOnly: EngineCapabilities = {
  textToImage: { maxImages: 1, model: 'FLUX.1 [schnell]' },
  edit: null,
  aspectRatios: ['unchanged', '1:1'],
};
const oneAtATime: EngineCapabilities = {
  textToImage: { maxImages: 4, model: null },
  edit: { maxImages: 4, maxInputImages: 1, model: null },
  aspectRatios: null,
};
const offers = [
  { kind: 'local' as const, capabilities: everything },
  { kind: 'comfyui' as const, capabilities: textOnly },
  { kind: 'a1111' as const, capabilities: oneAtATime },
];
const request = (patch: Partial<EngineRequest> = {}): EngineRequest => ({
  intent: 'generate',
  sourceCount: 0,
  combine: false,
  imageCount: 1,
  aspectRatio: 'unchanged',
  ...patch,
});

describe('what an engine can do', () => {
  it('lets a request through that the engine can do', () => {
    expect(engineRefusalOf(offers, 'comfyui', request())).toBeNull();
    expect(engineRefusalOf(offers, 'a1111', request({ intent: 'edit', sourceCount: 2, imageCount: 8 }))).toBeNull();
  });

  it('refuses an edit on a text-only engine, naming the engines that can', () => {
    expect(engineRefusalOf(offers, 'comfyui', request({ intent: 'edit', sourceCount: 1 }))).toEqual({
      reason: 'no-edit',
      engine: 'comfyui',
      capableEngines: ['local', 'a1111'],
    });
  });

  it('refuses more pictures at once than the engine makes', () => {
    expect(engineRefusalOf(offers, 'comfyui', request({ imageCount: 4 }))).toEqual({
      reason: 'too-many-images',
      engine: 'comfyui',
      capableEngines: ['local', 'a1111'],
    });
  });

  it('counts several photos each with its own results per photo, and combined photos against the engine’s inputs', () => {
    // Two photos, two results each: a run makes two.
    expect(engineRefusalOf(offers, 'a1111', request({ intent: 'edit', sourceCount: 2, imageCount: 4 }))).toBeNull();
    expect(engineRefusalOf(offers, 'a1111', request({ intent: 'edit', sourceCount: 2, combine: true, imageCount: 1 }))).toEqual({
      reason: 'too-many-inputs',
      engine: 'a1111',
      capableEngines: ['local'],
    });
  });

  it('refuses a shape the engine does not make, and an engine that is not offered', () => {
    expect(engineRefusalOf(offers, 'comfyui', request({ aspectRatio: '16:9' }))?.reason).toBe('shape-unsupported');
    expect(engineRefusalOf(offers, 'gemini', request())).toEqual({
      reason: 'not-offered',
      engine: 'gemini',
      capableEngines: ['local', 'comfyui', 'a1111'],
    });
  });

  it('offers counts up to four, or fewer where the engine makes fewer', () => {
    expect(pickableImageCount(everything)).toBe(4);
    expect(pickableImageCount(textOnly)).toBe(1);
  });
});
