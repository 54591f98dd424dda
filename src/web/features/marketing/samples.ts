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
    id: 'new-backdrop',
    category: 'background',
    title: 'Put yourself somewhere new',
    description: 'Keep the person, change the place: a beach, a city at night, or a plain studio colour.',
    prompt: 'Put me on a beach',
    input: square('/samples/new-backdrop-before.webp'),
    outputs: [
      { path: '/samples/new-backdrop-beach.webp', label: 'Beach' },
      { path: '/samples/new-backdrop-city.webp', label: 'City at night' },
      { path: '/samples/new-backdrop-pink.webp', label: 'Pink' },
    ],
    tags: ['background', 'location', 'portrait'],
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
    id: 'digital-art-portrait',
    category: 'artistic',
    title: 'Digital art portrait',
    description: 'A painted digital illustration, anime cel shading, or bold pop art.',
    prompt: 'Make it digital art',
    input: square('/samples/digital-art-portrait-before.webp'),
    outputs: [
      { path: '/samples/digital-art-portrait-digital-art.webp', label: 'Digital art' },
      { path: '/samples/digital-art-portrait-anime.webp', label: 'Anime' },
      { path: '/samples/digital-art-portrait-pop-art.webp', label: 'Pop art' },
    ],
    tags: ['digital art', 'anime', 'pop art'],
  },
];
