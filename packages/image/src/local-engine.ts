import {
  editsContent,
  findUndrawable,
  hasEditOperation,
  needsPerson,
  readEditRequest,
  readEditTokens,
  readGenerationPrompt,
  tokenize,
  type AdjustmentMention,
  type AspectRatio,
  type ColourChange,
  type EditInstructions,
  type Style,
} from '@photomuse/request-language';
import sharp from 'sharp';
import { EngineError, type EngineImage, type EngineOptions, type EngineResult, type UploadAnalysis } from './engine-types';
import { applyAdjustment, isGeometric } from './adjustments';
import { aspectRatioValue, fitToRatio, sizeForRatio } from './aspect';
import { drawCaption } from './caption-overlay';
import { hueDistance, isAchromatic, namedColour, type NamedColour } from './colours';
import { adjustColour, applyCurves, curve } from './pixel-ops';
import { collectGarbage } from './collect-garbage';
import { OneAtATime } from './one-at-a-time';
import { hashText } from './random';
import {
  decodeToRaster,
  encodeRaster,
  encodeWithAlpha,
  OUTPUT_MIME_TYPE,
  pipelineOf,
  sizeScale,
  toRaster,
  WORKING_MAX_SIDE,
  type Raster,
} from './raster';
import { recolour, type FoundColour, type RecolourResult } from './recolour';
import {
  alreadyColourMessage,
  alreadyLargeMessage,
  cannotDrawMessage,
  editNote,
  garmentNotVisibleMessage,
  generateNote,
  noPersonMessage,
  nothingToDoMessage,
  textNotFoundMessage,
  type LocalNoteCode,
  type NoteText,
} from './reply-note';
import { renderScene } from './scene/scene-render';
import { lookOf } from './styles/catalogue';
import { analyzeUploadLocally } from './upload-analysis';
import { changeBackground } from './vision/background-edit';
import { clothingRegion, garmentColour, narrowToGarment, type GarmentColour } from './vision/clothing';
import { detectFaces, type Face } from './vision/faces';
import { wearsHat } from './vision/hat';
import { findPerson, guideOf, MIN_PERSON_COVERAGE, type PersonMask } from './vision/person-mask';
import { bodyIsSeen, detectPose, personBoxOf, type Pose } from './vision/pose';
import { skinModel } from './vision/skin';
import { findText, replaceFoundText } from './vision/text-replace';
import { upscaleMask, upscaleTwice } from './vision/upscale';
import { WorkProgress } from './work-progress';

/**
 * The default engine: offline, free, and honest about what it is. Edits are real image operations
 * with sharp (styles, colour changes, adjustments, aspect ratios, captions) and small vision models
 * that ship in npm packages (person segmentation, face detection; see vision/); new pictures are
 * procedural scenes drawn from the prompt's words.
 */

export interface LocalEngineSettings {
  /** Longest side photos are worked on at (larger inputs are scaled down first). */
  workingMaxSide?: number;
  /** Longest side of generated scenes. */
  sceneLongSide?: number;
  /** Longest side of photos whose person is edited (background, clothes): their own resolution, up to this. */
  fullResolutionMaxSide?: number;
}

/**
 * Photos up to this size are upscaled (twice the width and height); ESRGAN on one core draws about
 * 50,000 pixels a second, so this is some 40 seconds, and a larger photo needs no upscaling.
 */
export const UPSCALE_MAX_PIXELS = 2_100_000;

/** A 12-megapixel photo (4000×3000) keeps its size; larger ones are scaled to this. */
export const FULL_RESOLUTION_MAX_SIDE = 4096;

/** A person seen by their body alone (no face) may be this small: someone far off in a landscape. */
const MIN_BODY_COVERAGE = 0.004;

/** Full-resolution edits of this process, one at a time. */
const fullResolutionEdits = new OneAtATime();

/**
 * Extra versions of one edit, and variations of a reply, differ in colour grade: warmer, cooler,
 * more vivid, softer. One grade for each of the MAX_IMAGES_PER_REQUEST versions a reply may have,
 * so no two are alike.
 */
const VARIATION_GRADES: readonly ((raster: Raster) => Raster)[] = [
  (raster) => raster,
  (raster) =>
    adjustColour(
      applyCurves(
        raster,
        curve([
          [0, 8],
          [128, 142],
          [255, 255],
        ]),
        curve([
          [0, 0],
          [128, 130],
          [255, 250],
        ]),
        curve([
          [0, 0],
          [128, 112],
          [255, 230],
        ]),
      ),
      { contrast: 1.08 },
    ),
  (raster) =>
    adjustColour(
      applyCurves(
        raster,
        curve([
          [0, 0],
          [128, 110],
          [255, 232],
        ]),
        curve([
          [0, 2],
          [128, 130],
          [255, 252],
        ]),
        curve([
          [0, 14],
          [128, 152],
          [255, 255],
        ]),
      ),
      { saturation: 0.88, brightness: 1.04 },
    ),
  (raster) => adjustColour(raster, { saturation: 1.45, contrast: 1.14 }),
  (raster) =>
    adjustColour(
      applyCurves(
        raster,
        curve([
          [0, 22],
          [128, 132],
          [255, 242],
        ]),
        curve([
          [0, 20],
          [128, 130],
          [255, 242],
        ]),
        curve([
          [0, 18],
          [128, 126],
          [255, 236],
        ]),
      ),
      { contrast: 0.94 },
    ),
];

const STOPPED: NoteText[] = [{ code: 'local.stopped' }];

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new EngineError('transient', STOPPED, { cause: signal.reason });
}

/** A model call that failed: because the job's signal stopped it, or on its own (both may work on another try). */
function stoppedOr(signal: AbortSignal | undefined, failed: LocalNoteCode, cause: unknown): EngineError {
  return new EngineError('transient', signal?.aborted ? STOPPED : [{ code: failed }], { cause });
}

/** Outputs one request may have (MAX_IMAGES_PER_REQUEST is 5): seeds of different versions never meet. */
const SEEDS_PER_VERSION = 8;

/**
 * The seed of output `position` of a request's `version`: outputs and versions differ, the same
 * request (and version) repeats exactly.
 */
export function seedFor(prompt: string, position: number, version = 0): number {
  return (hashText(prompt) ^ Math.imul(version * SEEDS_PER_VERSION + position + 1, 0x9e3779b1)) >>> 0;
}

export class LocalImageEngine {
  private readonly workingMaxSide: number;
  private readonly sceneLongSide: number;
  private readonly fullResolutionMaxSide: number;

  constructor(settings: LocalEngineSettings = {}) {
    this.workingMaxSide = settings.workingMaxSide ?? WORKING_MAX_SIDE;
    this.sceneLongSide = settings.sceneLongSide ?? 1536;
    this.fullResolutionMaxSide = settings.fullResolutionMaxSide ?? FULL_RESOLUTION_MAX_SIDE;
    // libvips keeps the results of recent operations (up to 50 MB) in case they are asked again; the
    // engine's pixels are new buffers every time, so nothing is ever found there and the memory is held for nothing.
    sharp.cache(false);
  }

  async generate(prompt: string, options: EngineOptions): Promise<EngineResult> {
    const tokens = tokenize(prompt);
    const { scene, styles, adjustments, covered } = readGenerationPrompt(tokens);
    // A picture of something else is not what was asked for: say what it can draw instead, and make (and charge) nothing.
    const undrawable = findUndrawable(tokens, covered, scene.elementPositions);
    if (undrawable.subject) throw new EngineError('invalid', cannotDrawMessage(undrawable.subject));
    // A new picture has no original shape to keep: 'unchanged' means square.
    const aspectRatio: AspectRatio = options.aspectRatio === 'unchanged' ? '1:1' : options.aspectRatio;
    const ratio = aspectRatioValue(aspectRatio)!;
    const size = sizeForRatio(this.sceneLongSide, this.sceneLongSide, ratio);
    const images: EngineImage[] = [];
    // Each picture: its scene drawn, each look, its encoding.
    const progress = new WorkProgress(options.count * (2 + styles.length + adjustments.length), options.onProgress);
    for (let position = 0; position < options.count; position += 1) {
      throwIfAborted(options.signal);
      const seed = seedFor(prompt, position, options.version);
      let raster = await renderScene(scene, size, seed);
      progress.step();
      raster = await applyLooks(raster, styles, adjustments, seed, options.signal, progress);
      // A variation's new seed moves the scene's details; its own grade makes the whole picture differ visibly.
      raster = VARIATION_GRADES[(options.version ?? 0) % VARIATION_GRADES.length]!(raster);
      images.push({ data: await encodeRaster(raster), mimeType: OUTPUT_MIME_TYPE });
      progress.step();
    }
    return {
      images,
      note: generateNote({ understood: scene.understood, leftOut: undrawable.extras, styles, count: options.count }),
    };
  }

  async edit(sources: EngineImage[], prompt: string, options: EngineOptions): Promise<EngineResult> {
    if (sources.length === 0) throw new EngineError('invalid', [{ code: 'local.noPicture' }]);
    const request = readEditRequest(prompt);
    const tokens = request.tokens;
    const enhancedByDefault = tokens.length === 0;
    const instructions = enhancedByDefault ? readEditTokens(tokenize('enhance')) : request.instructions;
    if (!hasEditOperation(instructions) && options.aspectRatio === 'unchanged') throw new EngineError('invalid', nothingToDoMessage());

    // Edits of the person (background, clothes) keep the photo's own resolution; looks work at the working size, which keeps them fast.
    const fullResolution = editsContent(instructions) && instructions.styles.length === 0;
    const work = () =>
      this.editPhotos(
        sources,
        instructions,
        fullResolution ? this.fullResolutionMaxSide : this.workingMaxSide,
        { prompt, enhancedByDefault },
        options,
      );
    // A 12-megapixel edit holds some 100 MB while it runs: one at a time per process keeps the engine's memory bounded however many jobs run.
    const workThenCollect = async () => {
      try {
        return await work();
      } finally {
        collectGarbage();
      }
    };
    return fullResolution
      ? fullResolutionEdits.run(workThenCollect, options.signal).catch((error: unknown) => {
          throw options.signal?.aborted && !(error instanceof EngineError)
            ? new EngineError('transient', STOPPED, { cause: error })
            : error;
        })
      : work();
  }

  private async editPhotos(
    sources: EngineImage[],
    instructions: EditInstructions,
    maxSide: number,
    { prompt, enhancedByDefault }: { prompt: string; enhancedByDefault: boolean },
    options: EngineOptions,
  ): Promise<EngineResult> {
    // Several photos become one picture only when asked; otherwise each photo gets its own result.
    const combine = sources.length > 1 && instructions.combine;
    const progress = new WorkProgress(editWorkUnits(instructions, sources.length, options.count, combine), options.onProgress);
    // Photos are decoded when their turn comes and let go once edited: five 12-megapixel photos held at once would be 180 MB.
    const rasters: Raster[] = [];
    if (combine) {
      for (const source of sources) {
        rasters.push(await decodeSource(source, maxSide));
        progress.step();
      }
    }
    const images: EngineImage[] = [];
    const prepared = new Map<number, PreparedPhoto>();
    const prepare = async (index: number, ratio: number | null, seed: number): Promise<PreparedPhoto> => {
      let photo = prepared.get(index);
      if (!photo) {
        throwIfAborted(options.signal);
        let source = rasters[index];
        if (!source) {
          source = await decodeSource(sources[index]!, maxSide);
          progress.step();
        }
        photo = await this.preparePhoto(source, instructions, ratio, seed, options.signal, progress, options.mask?.png);
        prepared.set(index, photo);
      }
      return photo;
    };
    let facts: PhotoFacts = {};
    for (let position = 0; position < options.count; position += 1) {
      const seed = seedFor(prompt, position, options.version);
      let raster: Raster;
      let alpha: Uint8Array | undefined;
      if (combine) {
        const grid = gridFor(rasters, options.aspectRatio, this.workingMaxSide);
        const edited: Raster[] = [];
        for (const [index] of rasters.entries()) {
          // Each photo takes its cell's shape before the styles, so a style's layout (pop art's panels, a frame) stays whole.
          const photo = await prepare(index, grid.cellWidth / grid.cellHeight, seed);
          facts = { ...photo.facts, ...facts };
          edited.push(await applyLooks(photo.raster, instructions.styles, lookAdjustments(instructions), seed, options.signal, progress));
        }
        raster = await composeGrid(edited, grid);
        progress.step();
      } else {
        const index = position % sources.length;
        const photo = await prepare(index, aspectRatioValue(options.aspectRatio), seed);
        // The last version asked of this photo: its edit is not needed again.
        if (position + sources.length >= options.count) prepared.delete(index);
        facts = { ...photo.facts, ...facts };
        raster = await applyLooks(photo.raster, instructions.styles, lookAdjustments(instructions), seed, options.signal, progress);
        alpha = photo.alpha;
      }
      // After the styles, so the words stay legible; once over a combined grid, not in every cell.
      if (instructions.caption) {
        raster = await drawCaption(raster, instructions.caption);
        progress.step();
      }
      // A variation (version 1, 2…) starts at another grade: its seed alone changes nothing in most edits.
      raster =
        VARIATION_GRADES[((options.version ?? 0) + Math.floor(position / (combine ? 1 : sources.length))) % VARIATION_GRADES.length]!(
          raster,
        );
      // Last, so every step before works on the smaller picture.
      if (instructions.upscale) {
        if (alpha) alpha = await upscaleMask(alpha, raster.width, raster.height);
        raster = await upscaleTwice(raster, options.signal).catch((cause: unknown) => {
          throw stoppedOr(options.signal, 'local.upscalerFailed', cause);
        });
        progress.step();
      }
      // At full size the steps before have left a few 12-megapixel buffers behind: gone before the encoder takes its own.
      const fullSize = maxSide === this.fullResolutionMaxSide;
      if (fullSize) collectGarbage();
      images.push(
        alpha
          ? { data: await encodeWithAlpha(raster, alpha), mimeType: 'image/png' }
          : { data: await encodeRaster(raster, { photo: fullSize }), mimeType: OUTPUT_MIME_TYPE },
      );
      progress.step();
    }
    const note = editNote({
      styles: instructions.styles,
      adjustments: instructions.adjustments,
      recolour: facts.recoloured ?? null,
      garment: instructions.colourTarget?.kind === 'garment' && facts.personFound ? instructions.colourTarget.garment : null,
      background: instructions.background,
      aspectRatio: options.aspectRatio,
      fit: instructions.fit,
      count: options.count,
      photos: sources.length,
      combined: combine,
      enhancedByDefault,
      caption: instructions.caption,
      textReplaced: facts.textReplaced ?? null,
      upscaled: instructions.upscale,
    });
    return { images, note };
  }

  analyzeUpload(image: EngineImage): Promise<UploadAnalysis> {
    return analyzeUploadLocally(image);
  }

  /**
   * One photo through the edits that come before the looks: turn and flip, shape, colour change,
   * new background. Done once per photo, however many versions of it are asked for.
   */
  private async preparePhoto(
    source: Raster,
    instructions: EditInstructions,
    ratio: number | null,
    seed: number,
    signal: AbortSignal | undefined,
    progress: WorkProgress,
    selectedArea?: Buffer,
  ): Promise<PreparedPhoto> {
    let raster = source;
    for (const mention of instructions.adjustments.filter(isGeometric)) {
      raster = await applyAdjustment(raster, mention);
      progress.step();
    }
    throwIfAborted(signal);
    raster = await fitToRatio(raster, ratio, instructions.fit);
    progress.step();
    if (instructions.upscale && raster.width * raster.height > UPSCALE_MAX_PIXELS)
      throw new EngineError('invalid', alreadyLargeMessage(raster.width, raster.height));
    const facts: PhotoFacts = {};
    if (instructions.textReplacement) {
      const { oldText, newText } = instructions.textReplacement;
      const { found, lines } = await findText(raster, oldText, signal).catch((cause: unknown) => {
        throw stoppedOr(signal, 'local.textReaderFailed', cause);
      });
      if (!found)
        throw new EngineError(
          'invalid',
          textNotFoundMessage(
            oldText,
            lines.flatMap((line) => line.words.map((word) => word.text)),
          ),
        );
      raster = await replaceFoundText(raster, found, newText);
      facts.textReplaced = { from: found.text, to: newText };
      progress.step();
    }
    throwIfAborted(signal);
    const person = needsPerson(instructions) ? new PersonAnalysis(raster, signal) : null;
    if (instructions.colourChange) {
      // An area the person selected is the target: its own colour changes, whatever garment the words name.
      const change = selectedArea
        ? {
            change: instructions.colourChange.from ? instructions.colourChange : { to: instructions.colourChange.to },
            region: await selectionRegion(selectedArea, raster.width, raster.height),
            found: undefined,
          }
        : await recolourTarget(raster, instructions.colourChange, instructions.colourTarget, person);
      facts.personFound = !selectedArea && change.region !== undefined && instructions.colourTarget?.kind === 'garment';
      facts.recoloured = recolour(raster, change.change, change.region, change.found);
      raster = facts.recoloured.raster;
      progress.step();
    }
    throwIfAborted(signal);
    let alpha: Uint8Array | undefined;
    if (instructions.background && person) {
      const mask = await person.present();
      if (!mask) throw new EngineError('invalid', noPersonMessage());
      // The mask was found before any colour change; a recolour keeps every pixel where it was, so it still fits.
      const result = await changeBackground(raster, mask, instructions.background, seed);
      raster = result.raster;
      alpha = result.alpha;
      progress.step();
    }
    return { raster, alpha, facts };
  }
}

/** What editing one photo found out, for the reply. */
interface PhotoFacts {
  recoloured?: RecolourResult;
  personFound?: boolean;
  textReplaced?: { from: string; to: string };
}

interface PreparedPhoto {
  raster: Raster;
  /** A cut-out's transparency. */
  alpha: Uint8Array | undefined;
  facts: PhotoFacts;
}

/** A selected area (one-channel PNG) as a colour region of the working picture's size. */
async function selectionRegion(png: Buffer, width: number, height: number): Promise<Uint8Array> {
  const data = await sharp(png).resize(width, height, { fit: 'fill' }).extractChannel(0).raw().toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

function lookAdjustments(instructions: EditInstructions): AdjustmentMention[] {
  return instructions.adjustments.filter((mention) => !isGeometric(mention));
}

/**
 * The units an edit's progress counts, in the order editPhotos does them. Each photo used, once:
 * decoded, each turn or flip, its shape, a text replacement, a colour change, a new background.
 * Each image: each look (in every cell of a combined grid), the grid itself, a caption, an
 * upscale, its encoding.
 */
function editWorkUnits(instructions: EditInstructions, photos: number, count: number, combine: boolean): number {
  const preparedPhotos = combine ? photos : Math.min(count, photos);
  const perPhoto =
    2 +
    instructions.adjustments.filter(isGeometric).length +
    Number(instructions.textReplacement !== null) +
    Number(instructions.colourChange !== null) +
    Number(instructions.background !== null);
  const looks = instructions.styles.length + lookAdjustments(instructions).length;
  const perImage = (combine ? photos * looks + 1 : looks) + Number(instructions.caption !== null) + Number(instructions.upscale) + 1;
  return preparedPhotos * perPhoto + count * perImage;
}

/**
 * Which pixels a colour change may touch. A garment: the person's clothes in that part of the body
 * (nothing of their skin, hair or the background); when that garment is already the colour asked
 * for, the request is refused so it is not charged. The background: everything but the person.
 * Without a person in the photo, the colour range is changed wherever it is.
 */
async function recolourTarget(
  raster: Raster,
  change: ColourChange,
  target: EditInstructions['colourTarget'],
  person: PersonAnalysis | null,
): Promise<{ change: ColourChange; region?: Uint8Array; found?: FoundColour }> {
  if (!target || !person) return { change };
  const mask = await person.present();
  // A garment is worn by someone: with nobody found, recolouring that colour wherever it is would change everything but the garment.
  if (!mask && target.kind === 'garment') throw new EngineError('invalid', garmentNotVisibleMessage(target.garment));
  if (!mask) return { change };
  if (target.kind === 'background') return { change, region: mask.alpha.map((value) => 255 - value) };
  const faces = await person.faces();
  // The face places a hat, a scarf and a top well enough; the legs, and anyone whose face is not seen (turned away, far off), need the pose.
  const part = target.garment.part;
  const pose = faces.length === 0 || part === 'lower' || part === 'whole' ? await person.pose() : null;
  const skin = skinModel(raster, faces);
  const region = clothingRegion(raster, mask, faces, skin, part, pose);
  if (!region) throw new EngineError('invalid', garmentNotVisibleMessage(target.garment));
  // On a bare head the top of the head is hair: refused (and so not charged), never the hair recoloured.
  const face = largestFace(faces);
  if (part === 'head' && face && !wearsHat(raster, mask, face, skin, region))
    throw new EngineError('invalid', garmentNotVisibleMessage(target.garment));
  const found = garmentColour(raster, region);
  const wanted = namedColour(change.to);
  if (!change.from && sameColour(found, wanted)) throw new EngineError('invalid', alreadyColourMessage(target.garment, wanted));
  // A white, grey or black garment has no hue to find: name its colour so the right pixels are picked.
  if (isAchromatic(found.colour)) return { change: change.from ? change : { from: found.colour.id, to: change.to }, region };
  // "The red shirt" that is red: the garment's own shades of red, all of them. A colour the garment is not: that colour's range within it.
  const named = change.from ? namedColour(change.from) : null;
  if (named && (isAchromatic(named) || hueDistance(named.hue!, found.hue!) > named.hueHalfWidth! + 15)) return { change, region };
  return { change: { to: change.to }, region: narrowToGarment(raster, region, found), found: { colour: found.colour, hue: found.hue! } };
}

/** The face the body is placed by (clothing's bodyOf takes the widest too). */
function largestFace(faces: readonly Face[]): Face | null {
  return faces.length > 0 ? faces.reduce((best, face) => (face.right - face.left > best.right - best.left ? face : best)) : null;
}

function sameColour(found: GarmentColour, wanted: NamedColour): boolean {
  if (isAchromatic(wanted) || isAchromatic(found.colour)) return found.colour.id === wanted.id;
  if (found.colour.id === wanted.id) return true;
  return hueDistance(found.hue!, wanted.hue!) <= wanted.hueHalfWidth! && !(wanted.id === 'brown') && found.colour.id !== 'brown';
}

/** The person in one photo, found when first needed and then kept. */
class PersonAnalysis {
  private guidePromise: Promise<Raster> | null = null;
  private maskPromise: Promise<PersonMask> | null = null;
  private facesPromise: Promise<Face[]> | null = null;
  private posePromise: Promise<Pose> | null = null;

  constructor(
    private readonly raster: Raster,
    private readonly signal: AbortSignal | undefined,
  ) {}

  /**
   * The person's mask, or null when nobody is there. The segmentation model assumes a person and
   * will outline a rock face as one, so a face must be found too.
   */
  async present(): Promise<PersonMask | null> {
    const [mask, faces] = await Promise.all([this.mask(), this.faces()]);
    if (faces.length > 0 && mask.coverage >= MIN_PERSON_COVERAGE) return mask;
    // No face (turned away) or a small one (far off): a body the pose sees surely, where the mask is, is a person too.
    if (mask.coverage < MIN_BODY_COVERAGE) return null;
    const small = mask.small;
    return bodyIsSeen(await this.pose(), small.alpha, small.picture.width, small.picture.height, small.picture.width / mask.width)
      ? mask
      : null;
  }

  private guide(): Promise<Raster> {
    this.guidePromise ??= guideOf(this.raster);
    return this.guidePromise;
  }

  mask(): Promise<PersonMask> {
    this.maskPromise ??= this.guide()
      .then((guide) => findPerson(this.raster, guide, this.signal))
      .catch((cause: unknown) => {
        throw stoppedOr(this.signal, 'local.personFinderFailed', cause);
      });
    return this.maskPromise;
  }

  /** The body's keypoints, looked for around the person the mask found. */
  pose(): Promise<Pose> {
    this.posePromise ??= Promise.all([this.guide(), this.mask()])
      .then(([guide, mask]) => detectPose(this.raster, guide, personBoxOf(mask.small.alpha, guide.width, guide.height), this.signal))
      .catch((cause: unknown) => {
        throw stoppedOr(this.signal, 'local.poseFinderFailed', cause);
      });
    return this.posePromise;
  }

  faces(): Promise<Face[]> {
    this.facesPromise ??= this.guide()
      .then((guide) => detectFaces(this.raster, guide, this.signal))
      .catch((cause: unknown) => {
        throw stoppedOr(this.signal, 'local.faceFinderFailed', cause);
      });
    return this.facesPromise;
  }
}

async function applyLooks(
  raster: Raster,
  styles: readonly Style[],
  adjustments: readonly AdjustmentMention[],
  seed: number,
  signal: AbortSignal | undefined,
  progress: WorkProgress,
): Promise<Raster> {
  let result = raster;
  for (const style of styles) {
    throwIfAborted(signal);
    result = await lookOf(style)(result, { seed, scale: sizeScale(result) });
    progress.step();
  }
  for (const mention of adjustments) {
    throwIfAborted(signal);
    result = await applyAdjustment(result, mention);
    progress.step();
  }
  return result;
}

async function decodeSource(source: EngineImage, maxSide: number): Promise<Raster> {
  try {
    return await decodeToRaster(source.data, maxSide);
  } catch (cause) {
    throw new EngineError('invalid', [{ code: 'local.unreadable' }], { cause });
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
  const fitted = await Promise.all(
    cells.map((cell) => toRaster(pipelineOf(cell).resize(grid.cellWidth, grid.cellHeight, { fit: 'cover' }))),
  );
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
