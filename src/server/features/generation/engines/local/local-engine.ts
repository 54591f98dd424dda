import { aspectRatioValue, type AspectRatio } from '@shared/generation';
import { EngineError, type EngineImage, type EngineOptions, type EngineResult, type ImageEngine, type UploadAnalysis } from '../image-engine';
import { type AdjustmentMention } from './adjustments';
import { fitToRatio, sizeForRatio } from './aspect';
import { drawCaption } from './caption-overlay';
import { hasEditOperation, readEditRequest, readEditTokens, type EditInstructions } from './edit-instructions';
import { adjustColour, applyCurves, curve } from './pixel-ops';
import { readGenerationPrompt } from './generation-prompt';
import { hashText } from './random';
import { decodeToRaster, encodeRaster, OUTPUT_MIME_TYPE, pipelineOf, sizeScale, toRaster, WORKING_MAX_SIDE, type Raster } from './raster';
import { recolour, type RecolourResult } from './recolour';
import { editNote, generateNote, nothingToDoMessage, type NoteLanguage } from './reply-note';
import { renderScene } from './scene/scene-render';
import { type Style } from './styles/style';
import { hasCyrillic, tokenize } from './text-match';
import { analyzeUploadLocally } from './upload-analysis';

/**
 * The default engine: offline, free, and honest about what it is. Edits are real image operations
 * with sharp (styles, colour changes, adjustments, aspect ratios, captions); new pictures are procedural
 * scenes drawn from the prompt's words.
 */

export interface LocalEngineSettings {
  /** Longest side photos are worked on at (larger inputs are scaled down first). */
  workingMaxSide?: number;
  /** Longest side of generated scenes. */
  sceneLongSide?: number;
}

/** Extra versions of one edit differ in colour grade: warmer, cooler, more vivid. */
const VARIATION_GRADES: readonly ((raster: Raster) => Raster)[] = [
  (raster) => raster,
  (raster) => adjustColour(applyCurves(raster, curve([[0, 8], [128, 142], [255, 255]]), curve([[0, 0], [128, 130], [255, 250]]), curve([[0, 0], [128, 112], [255, 230]])), { contrast: 1.08 }),
  (raster) => adjustColour(applyCurves(raster, curve([[0, 0], [128, 114], [255, 235]]), curve([[0, 2], [128, 130], [255, 252]]), curve([[0, 10], [128, 148], [255, 255]])), { saturation: 0.9, brightness: 1.04 }),
  (raster) => adjustColour(raster, { saturation: 1.3, contrast: 1.1 }),
];

function languageOf(prompt: string): NoteLanguage {
  return hasCyrillic(prompt) ? 'ru' : 'en';
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new EngineError('transient', 'The image took too long to make and was stopped.', { cause: signal.reason });
}

function seedFor(prompt: string, position: number): number {
  return (hashText(prompt) ^ Math.imul(position + 1, 0x9e3779b1)) >>> 0;
}

export class LocalImageEngine implements ImageEngine {
  readonly name = 'local' as const;
  private readonly workingMaxSide: number;
  private readonly sceneLongSide: number;

  constructor(settings: LocalEngineSettings = {}) {
    this.workingMaxSide = settings.workingMaxSide ?? WORKING_MAX_SIDE;
    this.sceneLongSide = settings.sceneLongSide ?? 1536;
  }

  async generate(prompt: string, options: EngineOptions): Promise<EngineResult> {
    const language = languageOf(prompt);
    const tokens = tokenize(prompt);
    const { scene, styles, adjustments } = readGenerationPrompt(tokens);
    // A new picture has no original shape to keep: 'unchanged' means square.
    const aspectRatio: AspectRatio = options.aspectRatio === 'unchanged' ? '1:1' : options.aspectRatio;
    const ratio = aspectRatioValue(aspectRatio)!;
    const size = sizeForRatio(this.sceneLongSide, this.sceneLongSide, ratio);
    const images: EngineImage[] = [];
    for (let position = 0; position < options.count; position += 1) {
      throwIfAborted(options.signal);
      const seed = seedFor(prompt, position);
      let raster = await renderScene(scene, size, seed);
      raster = await applyLooks(raster, styles, adjustments, seed, tokens, options.signal);
      images.push({ data: await encodeRaster(raster), mimeType: OUTPUT_MIME_TYPE });
    }
    return { images, note: generateNote(language, { understood: scene.understood, styles, aspectRatio, count: options.count }) };
  }

  async edit(sources: EngineImage[], prompt: string, options: EngineOptions): Promise<EngineResult> {
    if (sources.length === 0) throw new EngineError('invalid', 'There is no picture to edit.');
    const language = languageOf(prompt);
    const request = readEditRequest(prompt);
    const tokens = request.tokens;
    const enhancedByDefault = tokens.length === 0;
    const instructions = enhancedByDefault ? readEditTokens(tokenize('enhance')) : request.instructions;
    if (!hasEditOperation(instructions) && options.aspectRatio === 'unchanged') throw new EngineError('invalid', nothingToDoMessage(language));

    const rasters: Raster[] = [];
    for (const source of sources) {
      throwIfAborted(options.signal);
      rasters.push(await decodeSource(source, this.workingMaxSide));
    }

    const combine = rasters.length > 1 && options.count === 1;
    const images: EngineImage[] = [];
    let recoloured: RecolourResult | null = null;
    for (let position = 0; position < options.count; position += 1) {
      const seed = seedFor(prompt, position);
      let raster: Raster;
      if (combine) {
        const grid = gridFor(rasters, options.aspectRatio, this.workingMaxSide);
        const edited: Raster[] = [];
        for (const source of rasters) {
          // Each photo takes its cell's shape before the styles, so a style's layout (pop art's panels, a frame) stays whole.
          const result = await this.editOne(source, instructions, grid.cellWidth / grid.cellHeight, seed, tokens, options.signal);
          recoloured ??= result.recoloured;
          edited.push(result.raster);
        }
        raster = await composeGrid(edited, grid);
      } else {
        const result = await this.editOne(rasters[position % rasters.length]!, instructions, aspectRatioValue(options.aspectRatio), seed, tokens, options.signal);
        recoloured ??= result.recoloured;
        raster = result.raster;
      }
      // After the styles, so the words stay legible; once over a combined grid, not in every cell.
      if (instructions.caption) raster = await drawCaption(raster, instructions.caption);
      raster = VARIATION_GRADES[Math.floor(position / (combine ? 1 : rasters.length)) % VARIATION_GRADES.length]!(raster);
      images.push({ data: await encodeRaster(raster), mimeType: OUTPUT_MIME_TYPE });
    }
    const note = editNote(language, {
      styles: instructions.styles,
      adjustments: instructions.adjustments,
      recolour: recoloured,
      aspectRatio: options.aspectRatio,
      fit: instructions.fit,
      count: options.count,
      combined: combine,
      enhancedByDefault,
      caption: instructions.caption,
    });
    return { images, note };
  }

  analyzeUpload(image: EngineImage): Promise<UploadAnalysis> {
    return analyzeUploadLocally(image);
  }

  /** One picture through the edit: turn and flip, shape, colour change, styles, then adjustments. */
  private async editOne(
    source: Raster,
    instructions: EditInstructions,
    ratio: number | null,
    seed: number,
    tokens: readonly string[],
    signal: AbortSignal | undefined,
  ): Promise<{ raster: Raster; recoloured: RecolourResult | null }> {
    let raster = source;
    for (const { adjustment, strength } of instructions.adjustments.filter(({ adjustment }) => adjustment.geometric)) raster = await adjustment.apply(raster, strength, tokens);
    throwIfAborted(signal);
    raster = await fitToRatio(raster, ratio, instructions.fit);
    let recoloured: RecolourResult | null = null;
    if (instructions.colourChange) {
      recoloured = recolour(raster, instructions.colourChange);
      raster = recoloured.raster;
    }
    raster = await applyLooks(
      raster,
      instructions.styles,
      instructions.adjustments.filter(({ adjustment }) => !adjustment.geometric),
      seed,
      tokens,
      signal,
    );
    return { raster, recoloured };
  }
}

async function applyLooks(raster: Raster, styles: readonly Style[], adjustments: readonly AdjustmentMention[], seed: number, tokens: readonly string[], signal: AbortSignal | undefined): Promise<Raster> {
  let result = raster;
  for (const style of styles) {
    throwIfAborted(signal);
    result = await style.apply(result, { seed, scale: sizeScale(result) });
  }
  for (const { adjustment, strength } of adjustments) {
    throwIfAborted(signal);
    result = await adjustment.apply(result, strength, tokens);
  }
  return result;
}

async function decodeSource(source: EngineImage, maxSide: number): Promise<Raster> {
  try {
    return await decodeToRaster(source.data, maxSide);
  } catch (cause) {
    throw new EngineError('invalid', 'One of the pictures could not be read as an image.', { cause });
  }
}

interface Grid {
  width: number;
  height: number;
  columns: number;
  rows: number;
  cellWidth: number;
  cellHeight: number;
}

/** Several photos and one picture asked for: a grid in the requested shape (or the first photo's). */
function gridFor(rasters: Raster[], aspectRatio: AspectRatio, maxSide: number): Grid {
  const ratio = aspectRatioValue(aspectRatio) ?? rasters[0]!.width / rasters[0]!.height;
  const size = sizeForRatio(maxSide, maxSide, ratio);
  const columns = Math.ceil(Math.sqrt(rasters.length * ratio));
  const rows = Math.ceil(rasters.length / columns);
  return { ...size, columns, rows, cellWidth: Math.floor(size.width / columns), cellHeight: Math.floor(size.height / rows) };
}

async function composeGrid(cells: Raster[], grid: Grid): Promise<Raster> {
  const canvas = { data: Buffer.alloc(grid.width * grid.height * 3, 16), width: grid.width, height: grid.height };
  const fitted = await Promise.all(cells.map((cell) => toRaster(pipelineOf(cell).resize(grid.cellWidth, grid.cellHeight, { fit: 'cover' }))));
  return toRaster(
    pipelineOf(canvas).composite(
      fitted.map((cell, index) => ({
        input: cell.data,
        raw: { width: cell.width, height: cell.height, channels: 3 as const },
        left: (index % grid.columns) * grid.cellWidth + Math.floor((grid.width - grid.columns * grid.cellWidth) / 2),
        top: Math.floor(index / grid.columns) * grid.cellHeight + Math.floor((grid.height - grid.rows * grid.cellHeight) / 2),
      })),
    ),
  );
}
