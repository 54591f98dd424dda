/**
 * The landing page's sample gallery (spec section 3, Sample). Every picture is a real photo from
 * fixtures/ and every "after" is a real output of our local engine, rendered by
 * scripts/generate-samples.ts into src/web/public/samples/.
 */

export const SAMPLE_CATEGORIES = ['clothing', 'background', 'style', 'text', 'artistic'] as const;
export type SampleCategory = (typeof SAMPLE_CATEGORIES)[number];

export interface SampleImage {
  /** Public path of the optimised WebP file. */
  path: string;
  width: number;
  height: number;
}

export interface SampleOutput {
  path: string;
  label: string;
}

export interface Sample {
  id: string;
  category: SampleCategory;
  title: string;
  description: string;
  /** What the visitor can copy and paste into the studio. */
  prompt: string;
  input: SampleImage;
  outputs: SampleOutput[];
  tags: string[];
}

/** Inputs are resized to at most this many pixels on the long side. */
export const SAMPLE_MAX_SIZE_PX = 960;

/**
 * Every picture also exists at half size, for cards shown small (three columns on a desktop) and
 * screens of low pixel density: `/samples/x.webp` → `/samples/x-480w.webp`.
 */
export const SAMPLE_SMALL_SIZE_PX = 480;
export const smallVariantOf = (path: string): string => path.replace(/\.webp$/, `-${SAMPLE_SMALL_SIZE_PX}w.webp`);

const square = (path: string): SampleImage => ({ path, width: SAMPLE_MAX_SIZE_PX, height: SAMPLE_MAX_SIZE_PX });
const landscape = (path: string): SampleImage => ({ path, width: SAMPLE_MAX_SIZE_PX, height: 640 });

export const samples: Sample[] = [
  {
    id: 'red-top-recolour',
    category: 'clothing',
    title: 'Change the colour of an outfit',
    description: 'Recolour one piece of clothing and keep everything else exactly as it was.',
    prompt: 'Make the red top purple',
    input: square('/samples/red-top-recolour-before.webp'),
    outputs: [{ path: '/samples/red-top-recolour-purple.webp', label: 'Purple' }],
    tags: ['clothing', 'colour change', 'portrait'],
  },
  {
    id: 'blue-backdrop-pink',
    category: 'background',
    title: 'Give a portrait a new backdrop',
    description: 'Swap a plain studio background for a new colour in one sentence.',
    prompt: 'Change the blue background to pink',
    input: square('/samples/blue-backdrop-pink-before.webp'),
    outputs: [{ path: '/samples/blue-backdrop-pink.webp', label: 'Pink' }],
    tags: ['background', 'colour change', 'portrait'],
  },
  {
    id: 'portrait-pencil-sketch',
    category: 'style',
    title: 'Pencil sketch portrait',
    description: 'Turn a photo into a hand-drawn pencil sketch.',
    prompt: 'Turn this portrait into a pencil sketch',
    input: square('/samples/portrait-pencil-sketch-before.webp'),
    outputs: [{ path: '/samples/portrait-pencil-sketch-sketch.webp', label: 'Pencil sketch' }],
    tags: ['style', 'sketch', 'portrait'],
  },
  {
    id: 'vintage-film-portrait',
    category: 'style',
    title: 'Vintage film look',
    description: 'The faded warmth of old film, or a classic black and white.',
    prompt: 'Give this photo a vintage film look',
    input: square('/samples/vintage-film-portrait-before.webp'),
    outputs: [
      { path: '/samples/vintage-film-portrait-film.webp', label: 'Vintage film' },
      { path: '/samples/vintage-film-portrait-mono.webp', label: 'Black and white' },
    ],
    tags: ['style', 'film', 'black and white'],
  },
  {
    id: 'waterfall-caption',
    category: 'text',
    title: 'Put words on a picture',
    description: 'Add a caption to your photo, ready for a postcard or a post.',
    prompt: 'Add the caption "Iceland"',
    input: landscape('/samples/waterfall-caption-before.webp'),
    outputs: [{ path: '/samples/waterfall-caption-captioned.webp', label: 'Captioned' }],
    tags: ['text', 'landscape'],
  },
  {
    id: 'pop-art-portrait',
    category: 'artistic',
    title: 'Pop art portrait',
    description: 'Bold colours and flat shapes, or a retro pixel-art version.',
    prompt: 'Turn this photo into pop art',
    input: square('/samples/pop-art-portrait-before.webp'),
    outputs: [
      { path: '/samples/pop-art-portrait-pop-art.webp', label: 'Pop art' },
      { path: '/samples/pop-art-portrait-pixel-art.webp', label: 'Pixel art' },
    ],
    tags: ['digital art', 'pop art', 'pixel art'],
  },
];
