import { STYLES as STYLE_NAMES, type Style } from '@photomuse/request-language';
import { drawingLooks } from './drawing-styles';
import { gradeLooks } from './grade-styles';
import { illustrationLooks } from './illustration-styles';
import { graphicLooks } from './graphic-styles';
import { paintingLooks } from './painting-styles';
import { type StyleLook, type StyleWithLook } from './style';
import { toneLooks } from './tone-styles';

/** Every look of the local engine, by the id of the style that asks for it. */
export const LOOKS: readonly StyleLook[] = [
  ...toneLooks,
  ...drawingLooks,
  ...illustrationLooks,
  ...paintingLooks,
  ...graphicLooks,
  ...gradeLooks,
];

const LOOK_BY_ID = new Map(LOOKS.map((look) => [look.id, look.apply]));

/** The pipeline of a style a request named. */
export function lookOf(style: Pick<Style, 'id'>): StyleLook['apply'] {
  const apply = LOOK_BY_ID.get(style.id);
  if (!apply) throw new Error(`The style ${style.id} has no look`);
  return apply;
}

/** Every named style of the local engine with its look, in the order of their names. */
export const STYLES: readonly StyleWithLook[] = STYLE_NAMES.map((style) => ({ ...style, apply: lookOf(style) }));
