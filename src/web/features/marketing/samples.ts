/**
 * The landing page's sample gallery. Every picture is a real photo from
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
  /** Its label is the locale text `samples.<sample id>.outputs.<key>` (marketing namespace). */
  key: string;
}

/**
 * A sample's title, description, output labels and tags are locale texts under
 * `samples.<id>` (marketing namespace), so they show in the visitor's language. The prompt stays
 * here, in English: it is the request that made the pictures shown, and the visitor can send it
 * as it is.
 */
export interface Sample {
  id: string;
  category: SampleCategory;
  /** What the visitor can copy and paste into the studio. */
  prompt: string;
  input: SampleImage;
  outputs: SampleOutput[];
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
    prompt: 'Make the red top purple',
    input: square('/samples/red-top-recolour-before.webp'),
    outputs: [{ path: '/samples/red-top-recolour-purple.webp', key: 'purple' }],
  },
  {
    id: 'new-backdrop',
    category: 'background',
    prompt: 'Put me on a beach',
    input: square('/samples/new-backdrop-before.webp'),
    outputs: [
      { path: '/samples/new-backdrop-beach.webp', key: 'beach' },
      { path: '/samples/new-backdrop-city.webp', key: 'city' },
      { path: '/samples/new-backdrop-pink.webp', key: 'pink' },
    ],
  },
  {
    id: 'portrait-pencil-sketch',
    category: 'style',
    prompt: 'Turn this portrait into a pencil sketch',
    input: square('/samples/portrait-pencil-sketch-before.webp'),
    outputs: [{ path: '/samples/portrait-pencil-sketch-sketch.webp', key: 'sketch' }],
  },
  {
    id: 'vintage-film-portrait',
    category: 'style',
    prompt: 'Give this photo a vintage film look',
    input: square('/samples/vintage-film-portrait-before.webp'),
    outputs: [
      { path: '/samples/vintage-film-portrait-film.webp', key: 'film' },
      { path: '/samples/vintage-film-portrait-mono.webp', key: 'mono' },
    ],
  },
  {
    id: 'waterfall-caption',
    category: 'text',
    prompt: 'Add the caption "Iceland"',
    input: landscape('/samples/waterfall-caption-before.webp'),
    outputs: [{ path: '/samples/waterfall-caption-captioned.webp', key: 'captioned' }],
  },
  {
    id: 'digital-art-portrait',
    category: 'artistic',
    prompt: 'Make it digital art',
    input: square('/samples/digital-art-portrait-before.webp'),
    outputs: [
      { path: '/samples/digital-art-portrait-digital-art.webp', key: 'digitalArt' },
      { path: '/samples/digital-art-portrait-anime.webp', key: 'anime' },
      { path: '/samples/digital-art-portrait-pop-art.webp', key: 'popArt' },
    ],
  },
];
