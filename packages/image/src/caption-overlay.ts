import { type Caption } from '@photomuse/request-language';
import { pipelineOf, toRaster, type Raster } from './raster';

/**
 * Draws a caption across the top or bottom of a picture: white bold text on a translucent dark
 * band, so it reads on bright skies and dark shadows alike. Sizes follow the picture's width, so
 * a caption looks the same on a thumbnail and on the full photo.
 */

/** DejaVu ships with practically every Linux, covers Cyrillic, and is what librsvg finds here; the rest are fallbacks elsewhere. */
const FONT_FAMILY = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";
const LINE_HEIGHT = 1.25;
const MAX_LINES = 3;
/** The band never hides more than this share of the picture. */
const MAX_BAND_SHARE = 0.4;
const ELLIPSIS = '…';

/**
 * Advance widths in em of DejaVu Sans Bold, rounded up by character class: librsvg cannot be asked
 * for the width of a text before drawing it, so the layout errs on the wide side and never clips.
 */
function charWidth(char: string): number {
  if (char === ' ') return 0.36;
  if (/[iljtfI.,;:!'|()[\]]/.test(char)) return 0.42;
  if (/[mwMWЖШЩМЮЫжшщмюы@%]/.test(char)) return 1.08;
  if (/[\p{Lu}\p{N}]/u.test(char)) return 0.8;
  return 0.7;
}

function textWidth(text: string, fontSize: number): number {
  let width = 0;
  for (const char of text) width += charWidth(char);
  return width * fontSize;
}

/** Greedy word wrap; a word wider than a whole line is split where it has to be. */
function wrap(text: string, fontSize: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (textWidth(candidate, fontSize) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const char of word) {
      if (line && textWidth(line + char, fontSize) > maxWidth) {
        lines.push(line);
        line = '';
      }
      line += char;
    }
  }
  if (line) lines.push(line);
  return lines;
}

interface CaptionLayout {
  fontSize: number;
  lines: string[];
  padding: number;
  bandHeight: number;
}

const bandHeightFor = (lineCount: number, fontSize: number, padding: number) => Math.ceil(lineCount * fontSize * LINE_HEIGHT + padding * 2);

/** Largest type that fits in three lines and the band limit; at the smallest size, what still does not fit ends in an ellipsis. */
export function layoutCaption(text: string, width: number, height: number): CaptionLayout {
  const maxWidth = width * 0.9;
  const maxBandHeight = height * MAX_BAND_SHARE;
  const minFontSize = Math.max(9, width * 0.028);
  let fontSize = Math.max(minFontSize, Math.min(width * 0.075, height * 0.12));
  for (;;) {
    const padding = fontSize * 0.45;
    const lines = wrap(text, fontSize, maxWidth);
    const bandHeight = bandHeightFor(lines.length, fontSize, padding);
    if (lines.length <= MAX_LINES && bandHeight <= maxBandHeight) return { fontSize, lines, padding, bandHeight };
    if (fontSize * 0.9 < minFontSize) {
      const fitting = Math.max(1, Math.min(lines.length, Math.floor((maxBandHeight - padding * 2) / (fontSize * LINE_HEIGHT))));
      const kept = lines.slice(0, fitting);
      if (kept.length < lines.length) {
        let last = kept[kept.length - 1]!;
        while (last && textWidth(last + ELLIPSIS, fontSize) > maxWidth) last = Array.from(last).slice(0, -1).join('');
        kept[kept.length - 1] = last.trimEnd() + ELLIPSIS;
      }
      return { fontSize, lines: kept, padding, bandHeight: bandHeightFor(kept.length, fontSize, padding) };
    }
    fontSize *= 0.9;
  }
}

/** Control characters (other than tab and line breaks) are not allowed in XML at all; the SVG would fail to parse. */
function isAllowedInXml(char: string): boolean {
  const code = char.codePointAt(0)!;
  return code >= 0x20 ? code !== 0x7f : code === 0x09 || code === 0x0a || code === 0x0d;
}

export function escapeXml(text: string): string {
  return Array.from(text)
    .filter(isAllowedInXml)
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function captionSvg(width: number, layout: CaptionLayout): string {
  const { fontSize, lines, padding, bandHeight } = layout;
  const lineHeight = fontSize * LINE_HEIGHT;
  const outline = Math.max(1, fontSize * 0.06);
  const texts = lines.map((line, index) => {
    // Baseline about a third of the type size below the line's middle centres capitals and lower case alike.
    const baseline = padding + lineHeight * (index + 0.5) + fontSize * 0.35;
    return `<text x="${width / 2}" y="${baseline.toFixed(1)}">${escapeXml(line)}</text>`;
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${bandHeight}">`,
    `<rect width="${width}" height="${bandHeight}" fill="#000000" fill-opacity="0.5"/>`,
    `<g font-family="${FONT_FAMILY}" font-weight="bold" font-size="${fontSize.toFixed(1)}" text-anchor="middle" fill="#ffffff" stroke="#000000" stroke-opacity="0.7" stroke-width="${outline.toFixed(1)}" stroke-linejoin="round" paint-order="stroke">`,
    ...texts,
    '</g>',
    '</svg>',
  ].join('');
}

export async function drawCaption(raster: Raster, caption: Pick<Caption, 'text' | 'position'>): Promise<Raster> {
  const layout = layoutCaption(caption.text, raster.width, raster.height);
  const svg = Buffer.from(captionSvg(raster.width, layout));
  const top = caption.position === 'top' ? 0 : raster.height - layout.bandHeight;
  return toRaster(pipelineOf(raster).composite([{ input: svg, top, left: 0 }]));
}
