import { COLOUR_NAMES, type ColourName } from '@photomuse/request-language';

/**
 * The colours people name in requests (their names and words are request-language's), as ranges
 * of hue (degrees) for picking pixels and as a target for painting them. Achromatic ones (white,
 * black, grey) are picked by lightness and saturation instead.
 */
export interface NamedColour extends ColourName {
  /** Centre of the hue range; undefined for achromatic colours. */
  hue?: number;
  /** Half the width of the hue range that counts as this colour. */
  hueHalfWidth?: number;
  /** Browns are dark oranges: only pixels at or below this lightness. */
  maxLightness?: number;
  /** What a picked pixel becomes: saturation and a lightness transform (keep = keep as it is). */
  paint: { saturation?: number; lightness?: (lightness: number) => number };
  /** A representative sRGB colour, for scenes. */
  rgb: readonly [number, number, number];
}

const COLOUR_PIXELS: Record<string, Omit<NamedColour, keyof ColourName>> = {
  red: { hue: 354, hueHalfWidth: 10, paint: {}, rgb: [214, 40, 40] },
  orange: { hue: 28, hueHalfWidth: 12, paint: {}, rgb: [240, 130, 30] },
  yellow: { hue: 54, hueHalfWidth: 14, paint: { lightness: (l) => Math.max(l, 0.45) }, rgb: [245, 215, 40] },
  gold: { hue: 44, hueHalfWidth: 10, paint: { saturation: 0.75 }, rgb: [212, 170, 50] },
  green: { hue: 115, hueHalfWidth: 45, paint: {}, rgb: [50, 160, 70] },
  teal: { hue: 178, hueHalfWidth: 16, paint: {}, rgb: [30, 170, 170] },
  'light-blue': { hue: 200, hueHalfWidth: 14, paint: { lightness: (l) => 0.35 + l * 0.55 }, rgb: [110, 190, 240] },
  blue: { hue: 222, hueHalfWidth: 26, paint: {}, rgb: [40, 80, 200] },
  purple: { hue: 275, hueHalfWidth: 25, paint: {}, rgb: [130, 60, 190] },
  pink: { hue: 325, hueHalfWidth: 17, paint: { lightness: (l) => 0.3 + l * 0.6 }, rgb: [240, 110, 170] },
  brown: { hue: 25, hueHalfWidth: 18, maxLightness: 0.45, paint: { saturation: 0.55, lightness: (l) => l * 0.7 }, rgb: [120, 75, 40] },
  white: { paint: { saturation: 0.04, lightness: (l) => 0.78 + l * 0.2 }, rgb: [245, 245, 245] },
  black: { paint: { saturation: 0.1, lightness: (l) => l * 0.22 }, rgb: [20, 20, 22] },
  grey: { paint: { saturation: 0.03, lightness: (l) => 0.25 + l * 0.5 }, rgb: [128, 128, 128] },
};

/** Every colour a request can name, in the order of its names, with its pixels. */
export const NAMED_COLOURS: readonly NamedColour[] = COLOUR_NAMES.map((name) => {
  const pixels = COLOUR_PIXELS[name.id];
  if (!pixels) throw new Error(`The colour ${name.id} has no hue range or paint`);
  return { ...name, ...pixels };
});

export function namedColour(id: string): NamedColour {
  const colour = NAMED_COLOURS.find((candidate) => candidate.id === id);
  if (!colour) throw new Error(`Unknown colour ${id}`);
  return colour;
}

export function isAchromatic(colour: NamedColour): boolean {
  return colour.hue === undefined;
}

/** The name a hue goes by, for suggestions and notes. */
export function colourOfHue(hue: number, lightness: number): NamedColour {
  const wrapped = ((hue % 360) + 360) % 360;
  if (wrapped >= 15 && wrapped < 45 && lightness < 0.4) return namedColour('brown');
  const chromatic = NAMED_COLOURS.filter(
    (colour) => colour.hue !== undefined && colour.id !== 'brown' && colour.id !== 'gold' && colour.id !== 'light-blue',
  );
  let best = chromatic[0]!;
  let bestDistance = Infinity;
  for (const colour of chromatic) {
    const distance = hueDistance(wrapped, colour.hue!) / colour.hueHalfWidth!;
    if (distance < bestDistance) {
      best = colour;
      bestDistance = distance;
    }
  }
  return best;
}

export function hueDistance(a: number, b: number): number {
  const difference = Math.abs(a - b) % 360;
  return difference > 180 ? 360 - difference : difference;
}

/** sRGB bytes to hue (0-360), saturation and lightness (0-1). */
export function rgbToHsl(r: number, g: number, b: number, out: Float64Array): void {
  const red = r / 255;
  const green = g / 255;
  const blue = b / 255;
  const max = Math.max(red, green, blue);
  const min = Math.min(red, green, blue);
  const lightness = (max + min) / 2;
  const delta = max - min;
  let hue = 0;
  let saturation = 0;
  if (delta > 0) {
    saturation = delta / (1 - Math.abs(2 * lightness - 1));
    // (green − blue) / delta lies within ±1 here: no wrap is needed (a floating-point % costs a library call per pixel).
    if (max === red) hue = (green - blue) / delta;
    else if (max === green) hue = (blue - red) / delta + 2;
    else hue = (red - green) / delta + 4;
    hue *= 60;
    if (hue < 0) hue += 360;
  }
  out[0] = hue;
  out[1] = Math.min(1, saturation);
  out[2] = lightness;
}

/** Hue (degrees), saturation and lightness (0-1) to sRGB bytes. */
export function hslToRgb(hue: number, saturation: number, lightness: number, out: Float64Array): void {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  // Wrapped with floor rather than %: a floating-point % is a library call, and this runs for every recoloured pixel.
  const sector = (hue - 360 * Math.floor(hue / 360)) / 60;
  const second = chroma * (1 - Math.abs(sector - 2 * Math.floor(sector / 2) - 1));
  let red = 0;
  let green = 0;
  let blue = 0;
  if (sector < 1) {
    red = chroma;
    green = second;
  } else if (sector < 2) {
    red = second;
    green = chroma;
  } else if (sector < 3) {
    green = chroma;
    blue = second;
  } else if (sector < 4) {
    green = second;
    blue = chroma;
  } else if (sector < 5) {
    red = second;
    blue = chroma;
  } else {
    red = chroma;
    blue = second;
  }
  const match = lightness - chroma / 2;
  out[0] = (red + match) * 255;
  out[1] = (green + match) * 255;
  out[2] = (blue + match) * 255;
}

/** The classic YCbCr skin box: "change the colour" and colour suggestions are about clothes and things, rarely faces. */
export function looksLikeSkin(r: number, g: number, b: number): boolean {
  const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
  const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
  return cb >= 77 && cb <= 127 && cr >= 133 && cr <= 173;
}
