/**
 * The node classes the local ComfyUI stand-in knows, as ComfyUI's GET /object_info describes them
 * (ComfyUI's nodes.py — with its inpainting nodes VAEEncodeForInpaint, SetLatentNoiseMask and
 * InpaintModelConditioning — and comfy_extras/, 2025-10: nodes_sd3, nodes_qwen, nodes_cfg,
 * nodes_model_advanced, nodes_post_processing, nodes_upscale_model). V1 nodes list a combo's
 * choices as `[[...choices], {...}]`; V3 nodes (io.ComfyNode) as `["COMBO", {options: [...]}]`.
 * Model loaders list the files installed in their folder, LoadImage the files in the input folder.
 */

export type InputSpec = [unknown, Record<string, unknown>?];

export interface NodeInfo {
  input: { required: Record<string, InputSpec>; optional?: Record<string, InputSpec>; hidden?: Record<string, string> };
  input_order: { required: string[]; optional?: string[] };
  output: string[];
  output_is_list: boolean[];
  output_name: string[];
  name: string;
  display_name: string;
  description: string;
  python_module: string;
  category: string;
  output_node: boolean;
}

/** The model files installed, by ComfyUI's folder names. */
export interface InstalledModels {
  checkpoints: string[];
  diffusion_models: string[];
  text_encoders: string[];
  vae: string[];
  upscale_models: string[];
}

const SAMPLERS = [
  'euler',
  'euler_cfg_pp',
  'euler_ancestral',
  'euler_ancestral_cfg_pp',
  'heun',
  'heunpp2',
  'dpm_2',
  'dpm_2_ancestral',
  'lms',
  'dpm_fast',
  'dpm_adaptive',
  'dpmpp_2s_ancestral',
  'dpmpp_sde',
  'dpmpp_2m',
  'dpmpp_2m_sde',
  'dpmpp_3m_sde',
  'ddpm',
  'lcm',
  'ipndm',
  'deis',
  'res_multistep',
  'ddim',
  'uni_pc',
  'uni_pc_bh2',
];
const SCHEDULERS = ['simple', 'sgm_uniform', 'karras', 'exponential', 'ddim_uniform', 'beta', 'normal', 'linear_quadratic', 'kl_optimal'];
const UPSCALE_METHODS = ['nearest-exact', 'bilinear', 'area', 'bicubic', 'lanczos'];
const CLIP_TYPES = [
  'stable_diffusion',
  'stable_cascade',
  'sd3',
  'stable_audio',
  'mochi',
  'ltxv',
  'pixart',
  'cosmos',
  'lumina2',
  'wan',
  'hidream',
  'chroma',
  'ace',
  'omnigen2',
  'qwen_image',
  'hunyuan_image',
];
const MAX_RESOLUTION = 16384;

const combo = (choices: string[], v3: boolean): InputSpec => (v3 ? ['COMBO', { options: choices, multiselect: false }] : [choices, {}]);

function node(
  name: string,
  spec: {
    required: Record<string, InputSpec>;
    optional?: Record<string, InputSpec>;
    hidden?: Record<string, string>;
    output: string[];
    outputNode?: boolean;
    category: string;
    module?: string;
  },
): NodeInfo {
  return {
    input: {
      required: spec.required,
      ...(spec.optional ? { optional: spec.optional } : {}),
      ...(spec.hidden ? { hidden: spec.hidden } : {}),
    },
    input_order: { required: Object.keys(spec.required), ...(spec.optional ? { optional: Object.keys(spec.optional) } : {}) },
    output: spec.output,
    output_is_list: spec.output.map(() => false),
    output_name: spec.output,
    name,
    display_name: name,
    description: '',
    python_module: spec.module ?? 'nodes',
    category: spec.category,
    output_node: spec.outputNode ?? false,
  };
}

export function nodeCatalogue(models: InstalledModels, inputFiles: string[]): Record<string, NodeInfo> {
  const v3 = true;
  const nodes = [
    node('CheckpointLoaderSimple', {
      required: { ckpt_name: combo(models.checkpoints, false) },
      output: ['MODEL', 'CLIP', 'VAE'],
      category: 'loaders',
    }),
    node('UNETLoader', {
      required: {
        unet_name: combo(models.diffusion_models, false),
        weight_dtype: combo(['default', 'fp8_e4m3fn', 'fp8_e4m3fn_fast', 'fp8_e5m2'], false),
      },
      output: ['MODEL'],
      category: 'advanced/loaders',
    }),
    node('CLIPLoader', {
      required: { clip_name: combo(models.text_encoders, false), type: combo(CLIP_TYPES, false) },
      optional: { device: [['default', 'cpu'], { advanced: true }] },
      output: ['CLIP'],
      category: 'advanced/loaders',
    }),
    node('DualCLIPLoader', {
      required: {
        clip_name1: combo(models.text_encoders, false),
        clip_name2: combo(models.text_encoders, false),
        type: combo(['sdxl', 'sd3', 'flux', 'hunyuan_video', 'hidream', 'hunyuan_image'], false),
      },
      optional: { device: [['default', 'cpu'], { advanced: true }] },
      output: ['CLIP'],
      category: 'advanced/loaders',
    }),
    node('VAELoader', { required: { vae_name: combo([...models.vae, 'pixel_space'], false) }, output: ['VAE'], category: 'loaders' }),
    node('CLIPTextEncode', {
      required: { text: ['STRING', { multiline: true, dynamicPrompts: true }], clip: ['CLIP', {}] },
      output: ['CONDITIONING'],
      category: 'conditioning',
    }),
    node('ConditioningZeroOut', {
      required: { conditioning: ['CONDITIONING'] },
      output: ['CONDITIONING'],
      category: 'advanced/conditioning',
    }),
    node('EmptyLatentImage', {
      required: {
        width: ['INT', { default: 512, min: 16, max: MAX_RESOLUTION, step: 8 }],
        height: ['INT', { default: 512, min: 16, max: MAX_RESOLUTION, step: 8 }],
        batch_size: ['INT', { default: 1, min: 1, max: 4096 }],
      },
      output: ['LATENT'],
      category: 'latent',
    }),
    node('EmptySD3LatentImage', {
      required: {
        width: ['INT', { default: 1024, min: 16, max: MAX_RESOLUTION, step: 16 }],
        height: ['INT', { default: 1024, min: 16, max: MAX_RESOLUTION, step: 16 }],
        batch_size: ['INT', { default: 1, min: 1, max: 4096 }],
      },
      output: ['LATENT'],
      category: 'latent/sd3',
      module: 'comfy_extras.nodes_sd3',
    }),
    node('RepeatLatentBatch', {
      required: { samples: ['LATENT'], amount: ['INT', { default: 1, min: 1, max: 64 }] },
      output: ['LATENT'],
      category: 'latent/batch',
    }),
    node('KSampler', {
      required: {
        model: ['MODEL', {}],
        seed: ['INT', { default: 0, min: 0, max: 2 ** 64, control_after_generate: true }],
        steps: ['INT', { default: 20, min: 1, max: 10000 }],
        cfg: ['FLOAT', { default: 8.0, min: 0.0, max: 100.0, step: 0.1, round: 0.01 }],
        sampler_name: combo(SAMPLERS, false),
        scheduler: combo(SCHEDULERS, false),
        positive: ['CONDITIONING', {}],
        negative: ['CONDITIONING', {}],
        latent_image: ['LATENT', {}],
        denoise: ['FLOAT', { default: 1.0, min: 0.0, max: 1.0, step: 0.01 }],
      },
      output: ['LATENT'],
      category: 'sampling',
    }),
    node('VAEDecode', { required: { samples: ['LATENT', {}], vae: ['VAE', {}] }, output: ['IMAGE'], category: 'latent' }),
    node('VAEEncode', { required: { pixels: ['IMAGE'], vae: ['VAE'] }, output: ['LATENT'], category: 'latent' }),
    node('SaveImage', {
      required: { images: ['IMAGE', {}], filename_prefix: ['STRING', { default: 'ComfyUI' }] },
      hidden: { prompt: 'PROMPT', extra_pnginfo: 'EXTRA_PNGINFO' },
      output: [],
      outputNode: true,
      category: 'image',
    }),
    node('PreviewImage', {
      required: { images: ['IMAGE'] },
      hidden: { prompt: 'PROMPT', extra_pnginfo: 'EXTRA_PNGINFO' },
      output: [],
      outputNode: true,
      category: 'image',
    }),
    node('LoadImage', {
      required: { image: [[...inputFiles].sort(), { image_upload: true }] },
      output: ['IMAGE', 'MASK'],
      category: 'image',
    }),
    node('VAEEncodeForInpaint', {
      required: { pixels: ['IMAGE'], vae: ['VAE'], mask: ['MASK'], grow_mask_by: ['INT', { default: 6, min: 0, max: 64, step: 1 }] },
      output: ['LATENT'],
      category: 'latent/inpaint',
    }),
    node('SetLatentNoiseMask', { required: { samples: ['LATENT'], mask: ['MASK'] }, output: ['LATENT'], category: 'latent/inpaint' }),
    node('InpaintModelConditioning', {
      required: {
        positive: ['CONDITIONING'],
        negative: ['CONDITIONING'],
        vae: ['VAE'],
        pixels: ['IMAGE'],
        mask: ['MASK'],
        noise_mask: [
          'BOOLEAN',
          {
            default: true,
            tooltip:
              'Add a noise mask to the latent so sampling will only happen within the mask. Might improve results or completely break things depending on the model.',
          },
        ],
      },
      output: ['CONDITIONING', 'CONDITIONING', 'LATENT'],
      category: 'conditioning/inpaint',
    }),
    node('ImageScaleBy', {
      required: {
        image: ['IMAGE'],
        upscale_method: combo(UPSCALE_METHODS, false),
        scale_by: ['FLOAT', { default: 1.0, min: 0.01, max: 8.0, step: 0.01 }],
      },
      output: ['IMAGE'],
      category: 'image/upscaling',
    }),
    node('ImageScaleToTotalPixels', {
      required: {
        image: ['IMAGE', {}],
        upscale_method: combo(UPSCALE_METHODS, v3),
        megapixels: ['FLOAT', { default: 1.0, min: 0.01, max: 16.0, step: 0.01 }],
        resolution_steps: ['INT', { default: 1, min: 1, max: 256, advanced: true }],
      },
      output: ['IMAGE'],
      category: 'image/upscaling',
      module: 'comfy_extras.nodes_post_processing',
    }),
    node('ModelSamplingAuraFlow', {
      required: { model: ['MODEL'], shift: ['FLOAT', { default: 1.73, min: 0.0, max: 100.0, step: 0.01 }] },
      output: ['MODEL'],
      category: 'advanced/model',
      module: 'comfy_extras.nodes_model_advanced',
    }),
    node('CFGNorm', {
      required: { model: ['MODEL', {}], strength: ['FLOAT', { default: 1.0, min: 0.0, max: 100.0, step: 0.01 }] },
      output: ['MODEL'],
      category: 'advanced/guidance',
      module: 'comfy_extras.nodes_cfg',
    }),
    node('TextEncodeQwenImageEdit', {
      required: { clip: ['CLIP', {}], prompt: ['STRING', { multiline: true, dynamicPrompts: true }] },
      optional: { vae: ['VAE', {}], image: ['IMAGE', {}] },
      output: ['CONDITIONING'],
      category: 'advanced/conditioning',
      module: 'comfy_extras.nodes_qwen',
    }),
    node('TextEncodeQwenImageEditPlus', {
      required: { clip: ['CLIP', {}], prompt: ['STRING', { multiline: true, dynamicPrompts: true }] },
      optional: { vae: ['VAE', {}], image1: ['IMAGE', {}], image2: ['IMAGE', {}], image3: ['IMAGE', {}] },
      output: ['CONDITIONING'],
      category: 'advanced/conditioning',
      module: 'comfy_extras.nodes_qwen',
    }),
    node('UpscaleModelLoader', {
      required: { model_name: combo(models.upscale_models, v3) },
      output: ['UPSCALE_MODEL'],
      category: 'loaders',
      module: 'comfy_extras.nodes_upscale_model',
    }),
    node('ImageUpscaleWithModel', {
      required: { upscale_model: ['UPSCALE_MODEL', {}], image: ['IMAGE', {}] },
      output: ['IMAGE'],
      category: 'image/upscaling',
      module: 'comfy_extras.nodes_upscale_model',
    }),
  ];
  return Object.fromEntries(nodes.map((info) => [info.name, info]));
}

/** Nodes whose inputs ComfyUI checks with a VALIDATE_INPUTS of their own instead of their choice list. */
export const CUSTOM_VALIDATED_INPUTS: Record<string, string[]> = { LoadImage: ['image'] };
