import { describe, expect, it } from 'vitest';
import type { EngineCapabilities, EngineKind } from '@shared/engines';
import type { AppDeps } from '../../context';
import type { EngineEntry } from './engines/create-engine';
import type { ModelProblem } from './engines/model-check';
import { configuredEngines } from './engines.service';

function entry(kind: EngineKind, pricePerImageCents: number, model: string | null): EngineEntry {
  const capabilities: EngineCapabilities = {
    textToImage: { maxImages: 4, model },
    edit: { maxImages: 4, maxInputImages: 3, model },
    aspectRatios: null,
  };
  return {
    kind,
    pricePerImageCents,
    capabilities,
    label: undefined,
    engine: {} as EngineEntry['engine'],
    modelFor: () => model,
    replyPlanner: undefined,
    check: undefined,
  };
}

function generationOf(engines: EngineEntry[], modelProblems: ModelProblem[]): Pick<AppDeps, 'generation'> {
  return { generation: { engines, defaultEngine: engines[0]!, modelProblems } as unknown as AppDeps['generation'] };
}

describe('the engines the operator console lists', () => {
  it('lists every engine offered at its own price, the default first, with what the start-up check found of each', () => {
    const local = entry('local', 0, null);
    const comfy = entry('comfyui', 5, 'flux1-schnell');
    const openai = entry('openai', 8, 'gpt-image-2.5-flare');
    const problems: ModelProblem[] = [
      { variable: 'COMFYUI_WORKFLOWS', model: 'flux1-schnell', problem: 'missing-node', detail: 'KSampler is not installed' },
    ];

    const listed = configuredEngines(generationOf([comfy, local, openai], problems));

    expect(listed.map(({ name, isDefault, pricePerImageCents }) => ({ name, isDefault, pricePerImageCents }))).toEqual([
      { name: 'comfyui', isDefault: true, pricePerImageCents: 5 },
      { name: 'local', isDefault: false, pricePerImageCents: 0 },
      { name: 'openai', isDefault: false, pricePerImageCents: 8 },
    ]);
    expect(listed[0]!.models).toEqual([
      { variable: 'COMFYUI_WORKFLOWS', model: 'flux1-schnell', status: 'missing-node', detail: 'KSampler is not installed' },
    ]);
    expect(listed[1]!.models).toEqual([]);
    expect(listed[2]!.models).toEqual([{ variable: 'OPENAI_IMAGE_MODEL', model: 'gpt-image-2.5-flare', status: 'ok', detail: null }]);
  });
});
