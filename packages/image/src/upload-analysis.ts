import { colourOfHue, looksLikeSkin, rgbToHsl, type NamedColour } from './colours';
import { type EngineImage, type Suggestion, type UploadAnalysis } from './engine-types';
import { decodeToRaster, type Raster } from './raster';
import { type NoteParam, type NoteText } from './reply-note';

/**
 * The local engine's look at an upload. It cannot judge content, so every picture that decodes is
 * approved; the suggestions come from the pixels (colours, brightness, shape), and each description
 * is a request the local engine itself understands.
 */

const MIN_SUGGESTIONS = 3;
const MAX_SUGGESTIONS = 6;
/** A colour must cover this share of the picture to be worth suggesting a change. */
const MIN_COLOUR_SHARE = 0.05;

/** A pleasing replacement for each colour a photo may be full of. */
const ALTERNATIVE: Record<string, string> = {
  red: 'blue',
  orange: 'teal',
  yellow: 'purple',
  green: 'orange',
  teal: 'pink',
  blue: 'red',
  purple: 'green',
  pink: 'teal',
  brown: 'black',
};

interface PictureFacts {
  width: number;
  height: number;
  meanLightness: number;
  meanSaturation: number;
  /** Named colours by the share of the picture they cover, largest first. */
  colours: { colour: NamedColour; share: number }[];
}

function factsOf(raster: Raster): PictureFacts {
  const hsl = new Float64Array(3);
  const shares = new Map<string, { colour: NamedColour; count: number }>();
  let lightness = 0;
  let saturation = 0;
  const pixels = raster.width * raster.height;
  for (let index = 0; index < raster.data.length; index += 3) {
    rgbToHsl(raster.data[index]!, raster.data[index + 1]!, raster.data[index + 2]!, hsl);
    lightness += hsl[2]!;
    saturation += hsl[1]! * (1 - Math.abs(2 * hsl[2]! - 1));
    if (
      hsl[1]! < 0.3 ||
      hsl[2]! < 0.12 ||
      hsl[2]! > 0.88 ||
      looksLikeSkin(raster.data[index]!, raster.data[index + 1]!, raster.data[index + 2]!)
    )
      continue;
    const colour = colourOfHue(hsl[0]!, hsl[2]!);
    const entry = shares.get(colour.id) ?? { colour, count: 0 };
    entry.count += 1;
    shares.set(colour.id, entry);
  }
  const colours = [...shares.values()].map(({ colour, count }) => ({ colour, share: count / pixels })).sort((a, b) => b.share - a.share);
  return { width: raster.width, height: raster.height, meanLightness: lightness / pixels, meanSaturation: saturation / pixels, colours };
}

type SuggestionId =
  | 'recolour'
  | 'brighten'
  | 'vivid'
  | 'square'
  | 'widescreen'
  | 'story'
  | 'watercolour'
  | 'vintage'
  | 'sketch'
  | 'popArt'
  | 'blackWhite'
  | 'cartoon';

/**
 * A suggestion in English (for API clients, and as the request a hosted engine reads) with its
 * codes: the app shows the chip, and fills in the request, in the reader's language.
 */
function coded(id: SuggestionId, title: string, description: string, params?: Record<string, NoteParam>): Suggestion {
  const code = (part: 'title' | 'description'): NoteText =>
    params ? { code: `suggestion.${id}.${part}`, params } : { code: `suggestion.${id}.${part}` };
  return { title, description, titleCode: code('title'), descriptionCode: code('description') };
}

function suggestionsFor(facts: PictureFacts): Suggestion[] {
  const suggestions: Suggestion[] = [];
  for (const { colour, share } of facts.colours.slice(0, 2)) {
    const alternative = ALTERNATIVE[colour.id];
    if (share < MIN_COLOUR_SHARE || !alternative) continue;
    suggestions.push(
      coded(
        'recolour',
        `Change the ${colour.english} to ${alternative}`,
        `Recolour the ${colour.english} areas to ${alternative}, keeping light and shadow.`,
        { from: { name: 'colour', id: colour.id }, to: { name: 'colour', id: alternative } },
      ),
    );
  }
  if (facts.meanLightness < 0.35)
    suggestions.push(coded('brighten', 'Brighten the photo', 'Make the photo brighter and lift the shadows.'));
  else if (facts.meanSaturation < 0.1)
    suggestions.push(coded('vivid', 'Make the colours vivid', 'Make the colours more vivid and saturated.'));

  const portrait = facts.height > facts.width * 1.15;
  const landscape = facts.width > facts.height * 1.15;
  if (portrait) suggestions.push(coded('square', 'Crop to a square', 'Crop the photo to a 1:1 square around the subject.'));
  else if (landscape) suggestions.push(coded('widescreen', 'Make it widescreen', 'Crop the photo to 16:9 widescreen.'));
  else suggestions.push(coded('story', 'Make a 9:16 story', 'Pad the photo to 9:16 for a story, without cropping.'));

  const styles: Suggestion[] = landscape
    ? [
        coded('watercolour', 'Watercolour painting', 'Turn the photo into a watercolour painting.'),
        coded('vintage', 'Vintage film', 'Give the photo a vintage film look.'),
      ]
    : [
        coded('sketch', 'Pencil sketch', 'Turn the photo into a pencil sketch.'),
        coded('popArt', 'Pop art', 'Turn the photo into Warhol-style pop art.'),
      ];
  if (facts.meanSaturation > 0.2) styles.push(coded('blackWhite', 'Black and white', 'Make the photo black and white.'));
  styles.push(coded('cartoon', 'Cartoon', 'Turn the photo into a cartoon.'));
  for (const style of styles) {
    if (suggestions.length >= MAX_SUGGESTIONS && suggestions.length >= MIN_SUGGESTIONS) break;
    suggestions.push(style);
  }
  const seen = new Set<string>();
  return suggestions.filter((suggestion) => !seen.has(suggestion.title) && seen.add(suggestion.title)).slice(0, MAX_SUGGESTIONS);
}

export async function analyzeUploadLocally(image: EngineImage): Promise<UploadAnalysis> {
  let raster: Raster;
  try {
    // A small copy is plenty for colours and shape, and fast for large photos.
    raster = await decodeToRaster(image.data, 160);
  } catch {
    return { approved: false, reason: 'The file could not be read as an image.', suggestions: [] };
  }
  return { approved: true, suggestions: suggestionsFor(factsOf(raster)) };
}
