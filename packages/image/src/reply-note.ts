import {
  type AdjustmentMention,
  type AspectFit,
  type AspectRatio,
  type BackgroundChange,
  type Caption,
  type Garment,
  type Style,
} from '@photomuse/request-language';
import { type NamedColour } from './colours';
import { type RecolourResult } from './recolour';

/**
 * The reply under the local engine's pictures, as codes and parameters: the app words them in the
 * reader's language (and may re-word them when the reader switches). It always says plainly that the
 * built-in offline engine made them, never a hosted model. Names from the engine's fixed lists
 * (styles, colours, garments, adjustments) travel as their ids; the user's own words travel as they are.
 *
 * A picture's note is one short sentence: `local.done` holding what was done as clauses, and what
 * was left out as the last one ("Changed the jacket from blue to red; cropped to 16:9."). Which
 * engine made the picture is said under every reply, so the note does not repeat it.
 */

/** Every code this engine writes; the app's locale files have a text for each. */
export const LOCAL_NOTE_CODES = [
  'local.done',
  'local.madeBy',
  'local.canDraw',
  'local.drewScene',
  'local.defaultLandscape',
  'local.leftOut',
  'local.style',
  'local.shape',
  'local.variations',
  'local.variationsDiffer',
  'local.autoEnhanced',
  'local.garmentRecoloured',
  'local.recoloured',
  'local.backgroundRemoved',
  'local.backgroundBlurred',
  'local.backgroundColour',
  'local.backgroundScene',
  'local.applied',
  'local.upscaled',
  'local.padded',
  'local.cropped',
  'local.captionTop',
  'local.captionBottom',
  'local.textReplaced',
  'local.combined',
  'local.eachOnItsOwn',
  'local.cannotDraw',
  'local.nothingToDo',
  'local.noPerson',
  'local.garmentNotVisible',
  'local.alreadyColour',
  'local.textNotFound',
  'local.noTextFound',
  'local.textFound',
  'local.textNotFoundAmong',
  'local.hatNotFound',
  'local.alreadyLarge',
  'local.noPicture',
  'local.unreadable',
  'local.stopped',
  'local.upscalerFailed',
  'local.textReaderFailed',
  'local.personFinderFailed',
  'local.faceFinderFailed',
  'local.poseFinderFailed',
  'suggestion.recolour.title',
  'suggestion.recolour.description',
  'suggestion.brighten.title',
  'suggestion.brighten.description',
  'suggestion.vivid.title',
  'suggestion.vivid.description',
  'suggestion.square.title',
  'suggestion.square.description',
  'suggestion.widescreen.title',
  'suggestion.widescreen.description',
  'suggestion.story.title',
  'suggestion.story.description',
  'suggestion.watercolour.title',
  'suggestion.watercolour.description',
  'suggestion.vintage.title',
  'suggestion.vintage.description',
  'suggestion.sketch.title',
  'suggestion.sketch.description',
  'suggestion.popArt.title',
  'suggestion.popArt.description',
  'suggestion.blackWhite.title',
  'suggestion.blackWhite.description',
  'suggestion.cartoon.title',
  'suggestion.cartoon.description',
] as const;
export type LocalNoteCode = (typeof LOCAL_NOTE_CODES)[number];

/** The codes that are parts of a note's one sentence (`local.done`): worded without a sentence's capital or full stop. */
export const NOTE_CLAUSE_CODES = [
  'local.drewScene',
  'local.defaultLandscape',
  'local.leftOut',
  'local.style',
  'local.variations',
  'local.autoEnhanced',
  'local.garmentRecoloured',
  'local.recoloured',
  'local.backgroundRemoved',
  'local.backgroundBlurred',
  'local.backgroundColour',
  'local.backgroundScene',
  'local.applied',
  'local.upscaled',
  'local.padded',
  'local.cropped',
  'local.captionTop',
  'local.captionBottom',
  'local.textReplaced',
  'local.combined',
  'local.eachOnItsOwn',
] as const satisfies readonly LocalNoteCode[];

export type NameKind = 'style' | 'colour' | 'garment' | 'adjustment';
export interface NameRef {
  name: NameKind;
  id: string;
}
export type PlainNoteParam = string | number | string[] | NameRef | { refs: NameRef[] };
/** The clauses of one sentence (`local.done`), each worded and joined by the app. */
export type NoteParam = PlainNoteParam | { clauses: NoteClause[] };

/** One part of a sentence: something done, or something left out. */
export interface NoteClause {
  code: LocalNoteCode;
  params?: Record<string, PlainNoteParam>;
}

/** One sentence of a note, or the reason the engine made nothing. */
export interface NoteText {
  code: LocalNoteCode;
  params?: Record<string, NoteParam>;
}

function note(code: LocalNoteCode, params?: Record<string, PlainNoteParam>): NoteClause {
  return params ? { code, params } : { code };
}

/** A picture's whole note: what was done, in one sentence. */
const oneSentence = (clauses: NoteClause[]): NoteText[] => [{ code: 'local.done', params: { done: { clauses } } }];
const colour = (named: Pick<NamedColour, 'id'>) => ({ name: 'colour' as const, id: named.id });
const garmentName = (garment: Garment) => ({ name: 'garment' as const, id: garment.id });

export function cannotDrawMessage(subject: string): NoteText[] {
  return [note('local.cannotDraw', { subject }), note('local.canDraw')];
}

export const noPersonMessage = (): NoteText[] => [note('local.noPerson')];

export const garmentNotVisibleMessage = (garment: Garment): NoteText[] => [
  note(garment.id === 'hat' ? 'local.hatNotFound' : 'local.garmentNotVisible', { garment: garmentName(garment) }),
];

export const alreadyColourMessage = (garment: Garment, wanted: NamedColour): NoteText[] => [
  note('local.alreadyColour', { garment: garmentName(garment), colour: colour(wanted) }),
];

export const nothingToDoMessage = (): NoteText[] => [note('local.nothingToDo')];

export interface EditSummary {
  styles: readonly Style[];
  adjustments: readonly AdjustmentMention[];
  recolour: Pick<RecolourResult, 'from' | 'to'> | null;
  /** Set when only the person's clothes were recoloured. */
  garment: Garment | null;
  background: BackgroundChange | null;
  aspectRatio: AspectRatio;
  fit: AspectFit;
  count: number;
  /** How many photos the request came with. */
  photos: number;
  combined: boolean;
  enhancedByDefault: boolean;
  caption: Pick<Caption, 'text' | 'position'> | null;
  /** Text found in the photo and written over: what was there, and what is there now. */
  textReplaced: { from: string; to: string } | null;
  upscaled: boolean;
}

function backgroundNote(change: BackgroundChange): NoteClause {
  switch (change.kind) {
    case 'remove':
      return note('local.backgroundRemoved');
    case 'blur':
      return note('local.backgroundBlurred');
    case 'colour':
      return note('local.backgroundColour', { colour: colour(change.colour) });
    case 'scene':
      return note('local.backgroundScene', { words: [...change.scene.understood] });
  }
}

function shapeNote(aspectRatio: AspectRatio, fit: AspectFit): NoteClause | null {
  if (aspectRatio === 'unchanged') return null;
  return note(fit === 'pad' ? 'local.padded' : 'local.cropped', { ratio: aspectRatio });
}

export function editNote(summary: EditSummary): NoteText[] {
  const parts: NoteClause[] = [];
  if (summary.enhancedByDefault) parts.push(note('local.autoEnhanced'));
  if (summary.recolour && summary.garment) {
    parts.push(
      note('local.garmentRecoloured', {
        garment: garmentName(summary.garment),
        from: colour(summary.recolour.from),
        to: colour(summary.recolour.to),
      }),
    );
  } else if (summary.recolour) {
    parts.push(note('local.recoloured', { from: colour(summary.recolour.from), to: colour(summary.recolour.to) }));
  }
  if (summary.background) parts.push(backgroundNote(summary.background));
  if (summary.styles.length > 0 || summary.adjustments.length > 0) {
    // Styles and adjustments are named from two lists, in the order they were applied.
    const looks: NameRef[] = [
      ...summary.styles.map((style) => ({ name: 'style' as const, id: style.id })),
      ...summary.adjustments.map(({ adjustment }) => ({ name: 'adjustment' as const, id: adjustment.id })),
    ];
    parts.push(note('local.applied', { looks: { refs: looks } }));
  }
  if (summary.upscaled) parts.push(note('local.upscaled'));
  const shape = shapeNote(summary.aspectRatio, summary.fit);
  if (shape) parts.push(shape);
  if (summary.caption)
    parts.push(note(summary.caption.position === 'top' ? 'local.captionTop' : 'local.captionBottom', { text: summary.caption.text }));
  if (summary.textReplaced) parts.push(note('local.textReplaced', { from: summary.textReplaced.from, to: summary.textReplaced.to }));
  if (summary.combined) parts.push(note('local.combined'));
  else if (summary.photos > 1) parts.push(note('local.eachOnItsOwn'));
  const variations = summary.combined ? summary.count : Math.ceil(summary.count / summary.photos);
  if (variations > 1) parts.push(note('local.variations', { count: variations }));
  return oneSentence(parts);
}

export interface GenerateSummary {
  understood: readonly string[];
  /** Words of the prompt it could not draw, beside a subject it could. */
  leftOut: readonly string[];
  styles: readonly Style[];
  count: number;
}

export function generateNote(summary: GenerateSummary): NoteText[] {
  const parts: NoteClause[] = [];
  parts.push(summary.understood.length > 0 ? note('local.drewScene', { words: [...summary.understood] }) : note('local.defaultLandscape'));
  if (summary.styles.length > 0)
    parts.push(note('local.style', { styles: { refs: summary.styles.map((style) => ({ name: 'style' as const, id: style.id })) } }));
  if (summary.count > 1) parts.push(note('local.variations', { count: summary.count }));
  // What was left out comes last ("…; I couldn't draw the astronaut"). What it can draw is said when a request fails for it
  // (cannotDrawMessage) or is asked for, not under every picture.
  if (summary.leftOut.length > 0) parts.push(note('local.leftOut', { words: [...summary.leftOut] }));
  return oneSentence(parts);
}

export function textNotFoundMessage(wanted: string | undefined, found: readonly string[]): NoteText[] {
  if (!wanted) return [note('local.noTextFound')];
  return [
    found.length > 0 ? note('local.textNotFoundAmong', { wanted, words: found.slice(0, 8) }) : note('local.textNotFound', { wanted }),
  ];
}

export const alreadyLargeMessage = (width: number, height: number): NoteText[] => [note('local.alreadyLarge', { width, height })];
