import { type ColourChange } from '@photomuse/request-language';
import { hueDistance, hslToRgb, isAchromatic, looksLikeSkin, namedColour, rgbToHsl, type NamedColour } from './colours';
import { type Raster } from './raster';

/**
 * Colour changes of a named colour range: "make the red jacket blue", "сделай куртку синей".
 * Pixels whose hue lies in the source range take the target hue and keep their lightness (and so
 * their folds, shading and texture); the edge of the range is feathered so there is no seam.
 */

/** Where a colour change applies: a share (0-255) of each pixel; none means the whole picture. */
export type ColourRegion = Uint8Array;

interface SourceRange {
  colour: NamedColour;
  hue?: number;
  hueHalfWidth?: number;
  /** A garment's own colour, found where it is worn: its muted shades count too (the region already keeps out everything else). */
  muted?: boolean;
}

/** The colour a garment was found to be (its hue), when the region is that garment. */
export interface FoundColour {
  colour: NamedColour;
  hue: number;
}

/**
 * The most saturated hue that covers a real share of the picture, avoiding the target's own hue.
 * Pixels near the lower middle count more: in the photos people edit, that is where the subject and
 * their clothes are, while the edges are background.
 */
export function dominantSaturatedHue(raster: Raster, avoidHue?: number, region?: ColourRegion): number | null {
  const bins = new Float64Array(36);
  const hsl = new Float64Array(3);
  const step = Math.max(1, Math.round(Math.sqrt((raster.width * raster.height) / 40_000)));
  for (let y = 0; y < raster.height; y += step) {
    const dy = y / raster.height - 0.62;
    for (let x = 0; x < raster.width; x += step) {
      const index = (y * raster.width + x) * 3;
      rgbToHsl(raster.data[index]!, raster.data[index + 1]!, raster.data[index + 2]!, hsl);
      if (hsl[1]! < 0.25 || hsl[2]! < 0.12 || hsl[2]! > 0.9) continue;
      if (avoidHue !== undefined && hueDistance(hsl[0]!, avoidHue) < 30) continue;
      let weight: number;
      if (region) {
        weight = region[y * raster.width + x]! / 255;
      } else {
        const dx = x / raster.width - 0.5;
        const centrality = Math.exp(-(dx * dx + dy * dy) / (2 * 0.22 * 0.22));
        weight = centrality * (looksLikeSkin(raster.data[index]!, raster.data[index + 1]!, raster.data[index + 2]!) ? 0.1 : 1);
      }
      bins[Math.floor(hsl[0]! / 10) % 36]! += hsl[1]! * hsl[1]! * weight;
    }
  }
  let best = -1;
  let bestWeight = 0;
  for (let bin = 0; bin < 36; bin += 1) {
    const weight = bins[(bin + 35) % 36]! * 0.5 + bins[bin]! + bins[(bin + 1) % 36]! * 0.5;
    if (weight > bestWeight) {
      best = bin;
      bestWeight = weight;
    }
  }
  return best < 0 ? null : best * 10 + 5;
}

/**
 * How strongly (0-1) a pixel belongs to the source range: hue within the range (feathered over
 * 6°), enough saturation to have a hue at all, and not lost in black or white.
 */
function membership(range: SourceRange, hue: number, saturation: number, lightness: number): number {
  const colour = range.colour;
  if (isAchromatic(colour)) {
    const greyness = 1 - smoothstep(0.12, 0.3, saturation);
    if (colour.id === 'white') return greyness * smoothstep(0.62, 0.8, lightness);
    if (colour.id === 'black') return (1 - smoothstep(0.16, 0.3, lightness)) * (1 - smoothstep(0.3, 0.5, saturation));
    return greyness * smoothstep(0.15, 0.25, lightness) * (1 - smoothstep(0.75, 0.88, lightness));
  }
  const distance = hueDistance(hue, range.hue!);
  const inHue = 1 - smoothstep(range.hueHalfWidth!, range.hueHalfWidth! + 6, distance);
  if (inHue === 0) return 0;
  const darkEnough = colour.maxLightness === undefined ? 1 : 1 - smoothstep(colour.maxLightness, colour.maxLightness + 0.1, lightness);
  return (
    inHue *
    (range.muted ? smoothstep(0.04, 0.12, saturation) : smoothstep(0.1, 0.28, saturation)) *
    smoothstep(0.05, 0.12, lightness) *
    (1 - smoothstep(0.9, 0.97, lightness)) *
    darkEnough
  );
}

function smoothstep(edge0: number, edge1: number, value: number): number {
  const t = Math.max(0, Math.min(1, (value - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}

export interface RecolourResult {
  raster: Raster;
  /** The source colour used (named or found). */
  from: NamedColour;
  to: NamedColour;
  /** Share of the picture that changed (0-1). */
  changedShare: number;
}

export function recolour(raster: Raster, change: ColourChange, region?: ColourRegion, found?: FoundColour): RecolourResult {
  const target = namedColour(change.to);
  const range =
    found && !change.from
      ? { colour: found.colour, hue: found.hue, hueHalfWidth: 25, muted: true }
      : sourceRange(raster, change, target, region);
  const { data: source, width, height } = raster;
  // Every pixel starts as it was; only those the change reaches are painted over.
  const data = Buffer.from(source);
  const hsl = new Float64Array(3);
  const rgb = new Float64Array(3);
  const achromaticSource = isAchromatic(range.colour);
  const turn = achromaticSource || isAchromatic(target) ? null : ((((target.hue! - range.hue!) % 360) + 540) % 360) - 180;
  let changed = 0;
  for (let index = 0; index < source.length; index += 3) {
    // Outside a garment's region nothing changes: a hat is a few percent of a 12 MP portrait, and
    // converting every other pixel to HSL only to keep it cost some 300 ms of a hat's edit.
    if (region && region[index / 3] === 0) continue;
    rgbToHsl(source[index]!, source[index + 1]!, source[index + 2]!, hsl);
    // A region's soft edge (a mask at two-thirds or more) is still wholly inside it: only its outer third fades.
    const weight = membership(range, hsl[0]!, hsl[1]!, hsl[2]!) * (region ? Math.min(1, (region[index / 3]! / 255) * 1.5) : 1);
    if (weight <= 0.004) continue;
    changed += weight;
    // Blend in hue, saturation and lightness (not in RGB, where red half-way to blue turns grey).
    // Every picked hue turns by the same angle, so the variety within the range survives; lightness
    // stays unless the target colour needs its own.
    const [hue, saturation, lightness] = paint(target, hsl[1]!, hsl[2]!, achromaticSource);
    const newHue = turn === null ? hue : hsl[0]! + turn * weight;
    hslToRgb(newHue, hsl[1]! + (saturation - hsl[1]!) * weight, hsl[2]! + (lightness - hsl[2]!) * weight, rgb);
    data[index] = rgb[0]!;
    data[index + 1] = rgb[1]!;
    data[index + 2] = rgb[2]!;
  }
  return { raster: { data, width, height }, from: range.colour, to: target, changedShare: changed / (width * height) };
}

function sourceRange(raster: Raster, change: ColourChange, target: NamedColour, region: ColourRegion | undefined): SourceRange {
  if (change.from) {
    const colour = namedColour(change.from);
    return { colour, hue: colour.hue, hueHalfWidth: colour.hueHalfWidth };
  }
  const hue = dominantSaturatedHue(raster, target.hue, region) ?? dominantSaturatedHue(raster, undefined, region);
  if (hue === null) return { colour: namedColour('grey') };
  const named = nearestChromatic(hue);
  // Inside a garment's own region nothing else competes, so the range can take in its paler and deeper shades too.
  return { colour: named, hue, hueHalfWidth: region ? 25 : 22 };
}

function nearestChromatic(hue: number): NamedColour {
  const ids = ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink'];
  return ids.map(namedColour).reduce((best, colour) => (hueDistance(hue, colour.hue!) < hueDistance(hue, best.hue!) ? colour : best));
}

/** The new hue, saturation and lightness of a picked pixel; lightness is kept unless the target colour needs its own. */
function paint(target: NamedColour, saturation: number, lightness: number, achromaticSource: boolean): [number, number, number] {
  if (isAchromatic(target)) return [0, target.paint.saturation ?? 0, target.paint.lightness?.(lightness) ?? lightness];
  // A white or grey source has no saturation to keep: give it the colour's own, and pull it off white so the colour shows.
  const baseSaturation = achromaticSource ? 0.7 : saturation;
  const baseLightness = achromaticSource ? 0.18 + lightness * 0.5 : lightness;
  return [target.hue!, target.paint.saturation ?? baseSaturation, target.paint.lightness?.(baseLightness) ?? baseLightness];
}
