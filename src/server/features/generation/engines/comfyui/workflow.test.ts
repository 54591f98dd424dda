import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildPrompt, loadWorkflows, parseWorkflow, SHIPPED_WORKFLOWS_DIR, sizeFor, WorkflowFileError } from './workflow';

/** What /object_info says of the inputs the edit workflow may lose (TextEncodeQwenImageEditPlus: image2 and image3 are optional). */
const optional = (classType: string, input: string) =>
  classType === 'TextEncodeQwenImageEditPlus' && ['vae', 'image1', 'image2', 'image3'].includes(input);

const shipped = () =>
  loadWorkflows(SHIPPED_WORKFLOWS_DIR, [
    'flux1-schnell',
    'qwen-image',
    'qwen-image-edit',
    'realesrgan-x4-upscale',
    'qwen-image-edit-inpaint',
  ]);

describe('workflow files', () => {
  it('ships five workflows, each valid, with its model and licence named', () => {
    const names = readdirSync(SHIPPED_WORKFLOWS_DIR)
      .map((file) => file.replace(/\.json$/, ''))
      .sort();
    expect(names).toEqual(['flux1-schnell', 'qwen-image', 'qwen-image-edit', 'qwen-image-edit-inpaint', 'realesrgan-x4-upscale']);
    expect(shipped().map((workflow) => [workflow.name, workflow.task, workflow.title, workflow.licence?.split(' ')[0]])).toEqual([
      ['flux1-schnell', 'text-to-image', 'FLUX.1 [schnell]', 'Apache-2.0'],
      ['qwen-image', 'text-to-image', 'Qwen-Image', 'Apache-2.0'],
      ['qwen-image-edit', 'edit', 'Qwen-Image-Edit-2509', 'Apache-2.0'],
      ['realesrgan-x4-upscale', 'upscale', 'Real-ESRGAN x4plus', 'BSD-3-Clause'],
      ['qwen-image-edit-inpaint', 'inpaint', 'Qwen-Image-Edit-2509', 'Apache-2.0'],
    ]);
  });

  it('refuses a mapping that names a node or an input the graph does not have, saying which', () => {
    const file = {
      title: 'X',
      task: 'text-to-image',
      inputs: { prompt: [{ node: '6', input: 'text' }], seed: [{ node: '3', input: 'noise_seed' }] },
      output: '9',
      workflow: { '6': { class_type: 'CLIPTextEncode', inputs: { text: '' } }, '3': { class_type: 'KSampler', inputs: { seed: 0 } } },
    };
    expect(() => parseWorkflow('broken', file)).toThrow(WorkflowFileError);
    expect(() => parseWorkflow('broken', file)).toThrow(
      'workflow "broken": inputs.seed names input "noise_seed" of node "3" (KSampler), which it does not set; output names node "9", which the workflow does not have',
    );
  });

  it('refuses an edit workflow without images, and several pictures a workflow could not vary', () => {
    const base = { title: 'X', output: '1', workflow: { '1': { class_type: 'SaveImage', inputs: {} } } };
    expect(() => parseWorkflow('e', { ...base, task: 'edit', inputs: {} })).toThrow('an edit workflow needs inputs.images');
    expect(() =>
      parseWorkflow('t', { ...base, task: 'text-to-image', maxImages: 2, inputs: { prompt: [{ node: '1', input: 'filename_prefix' }] } }),
    ).toThrow('maxImages above 1 needs inputs.batchSize or inputs.seed');
  });

  it('says which file it cannot read', () => {
    expect(() => loadWorkflows(SHIPPED_WORKFLOWS_DIR, ['flux1-dev'])).toThrow(
      /workflow "flux1-dev": cannot read .*flux1-dev\.json \(ENOENT\)/,
    );
    expect(() => loadWorkflows(SHIPPED_WORKFLOWS_DIR, ['../secrets'])).toThrow('a workflow name is a file name');
  });
});

describe('a prompt from a workflow', () => {
  it('sets the prompt, seed, size and batch size where the mapping says, and nothing else', () => {
    const [flux] = shipped();
    const prompt = buildPrompt(
      flux!,
      { prompt: 'a lighthouse', negativePrompt: '', seed: 42, width: 1360, height: 768, batchSize: 3, images: [] },
      optional,
    );
    expect(prompt['6']!.inputs.text).toBe('a lighthouse');
    expect(prompt['3']!.inputs).toMatchObject({ seed: 42, steps: 4, cfg: 1, sampler_name: 'euler' });
    expect(prompt['5']!.inputs).toEqual({ width: 1360, height: 768, batch_size: 3 });
    // The file's graph is left as it was.
    expect(flux!.workflow['6']!.inputs.text).toBe('');
  });

  it('gives the photos to the image slots in order, and takes out the slots no photo fills with every optional link to them', () => {
    const edit = shipped()[2]!;
    const prompt = buildPrompt(
      edit,
      {
        prompt: 'make it red',
        negativePrompt: '',
        seed: 1,
        width: 1024,
        height: 1024,
        batchSize: 2,
        images: ['photomuse/a.png', 'photomuse/b.png'],
      },
      optional,
    );
    expect(prompt['78']!.inputs.image).toBe('photomuse/a.png');
    expect(prompt['106']!.inputs.image).toBe('photomuse/b.png');
    expect(prompt['107']).toBeUndefined();
    expect(Object.keys(prompt['76']!.inputs).sort()).toEqual(['clip', 'image1', 'image2', 'prompt', 'vae']);
    expect(prompt['76']!.inputs.prompt).toBe('make it red');
    expect(prompt['112']!.inputs.amount).toBe(2);
  });

  it('refuses to run a workflow whose result needs a photo that was not given', () => {
    const edit = shipped()[2]!;
    expect(() =>
      buildPrompt(edit, { prompt: 'x', negativePrompt: '', seed: 1, width: 8, height: 8, batchSize: 1, images: [] }, optional),
    ).toThrow('needs 3 photos, got 0');
  });

  it('sizes a shape at the workflow’s megapixels in multiples of its step', () => {
    expect(sizeFor('unchanged', { megapixels: 1, sizeMultiple: 16 })).toEqual({ width: 1024, height: 1024 });
    expect(sizeFor('16:9', { megapixels: 1, sizeMultiple: 16 })).toEqual({ width: 1360, height: 768 });
    expect(sizeFor('9:16', { megapixels: 1, sizeMultiple: 16 })).toEqual({ width: 768, height: 1360 });
    expect(sizeFor('unchanged', { megapixels: 1, sizeMultiple: 16 }, { width: 3000, height: 2000 })).toEqual({ width: 1248, height: 832 });
  });
});
