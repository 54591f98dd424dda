import { ADJUSTMENTS, COLOUR_NAMES, STYLES as STYLE_NAMES } from '@photomuse/request-language';
import { describe, expect, it } from 'vitest';
import { ADJUSTMENT_OPERATIONS } from './adjustments';
import { NAMED_COLOURS } from './colours';
import { LOOKS } from './styles/catalogue';

/** The words live in request-language, the pixels here, joined by id: a name without pixels would fail only when someone asked for it. */
describe('every name a request can use has its pixels', () => {
  it('every style has exactly one look, and every look a style', () => {
    expect(LOOKS.map((look) => look.id).sort()).toEqual(STYLE_NAMES.map((style) => style.id).sort());
  });

  it('every adjustment has its operation, and every operation an adjustment', () => {
    expect(Object.keys(ADJUSTMENT_OPERATIONS).sort()).toEqual(ADJUSTMENTS.map((adjustment) => adjustment.id).sort());
  });

  it('every colour has its hue range and paint, in the order of its names', () => {
    expect(NAMED_COLOURS.map((colour) => colour.id)).toEqual(COLOUR_NAMES.map((colour) => colour.id));
    for (const colour of NAMED_COLOURS) expect(colour.rgb, colour.id).toHaveLength(3);
  });
});
