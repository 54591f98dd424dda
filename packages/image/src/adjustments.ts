import { type AdjustmentMention } from '@photomuse/request-language';
import { adjustColour, applyCurves, stretchContrast } from './pixel-ops';
import { withSharp, type Raster } from './raster';

/**
 * What each plain photo adjustment does to the pixels. Which adjustments a request names, how
 * strongly and which way, is request-language's reading (its ADJUSTMENTS, by id).
 */

interface AdjustmentOperation {
  /** Rotations and flips change the frame, so they run before the aspect ratio is applied. */
  geometric: boolean;
  apply(raster: Raster, mention: AdjustmentMention): Promise<Raster> | Raster;
}

function gammaCurve(gamma: number): Uint8Array {
  const lut = new Uint8Array(256);
  for (let value = 0; value < 256; value += 1) lut[value] = Math.round(255 * (value / 255) ** gamma);
  return lut;
}

export const ADJUSTMENT_OPERATIONS: Readonly<Record<string, AdjustmentOperation>> = {
  darker: { geometric: false, apply: (raster, { strength }) => applyCurves(raster, gammaCurve(1 + 0.45 * strength)) },
  brighter: { geometric: false, apply: (raster, { strength }) => applyCurves(raster, gammaCurve(1 / (1 + 0.45 * strength))) },
  'more-contrast': { geometric: false, apply: (raster, { strength }) => adjustColour(raster, { contrast: 1 + 0.3 * strength }) },
  'less-contrast': { geometric: false, apply: (raster, { strength }) => adjustColour(raster, { contrast: 1 / (1 + 0.3 * strength) }) },
  'more-saturation': { geometric: false, apply: (raster, { strength }) => adjustColour(raster, { saturation: 1 + 0.4 * strength }) },
  'less-saturation': { geometric: false, apply: (raster, { strength }) => adjustColour(raster, { saturation: 1 / (1 + 0.6 * strength) }) },
  sharpen: {
    geometric: false,
    apply: (raster, { strength }) =>
      withSharp(raster, (pipeline) => pipeline.sharpen({ sigma: 0.8 + 0.6 * strength, m1: 1, m2: 2 + strength })),
  },
  enhance: {
    geometric: false,
    apply: async (raster, { strength }) =>
      withSharp(adjustColour(stretchContrast(raster), { saturation: 1 + 0.15 * strength }), (pipeline) => pipeline.sharpen({ sigma: 0.8 })),
  },
  rotate: { geometric: true, apply: (raster, { turnDegrees = 90 }) => withSharp(raster, (pipeline) => pipeline.rotate(turnDegrees)) },
  flip: {
    geometric: true,
    apply: (raster, { mirrorAxis }) => withSharp(raster, (pipeline) => (mirrorAxis === 'vertical' ? pipeline.flip() : pipeline.flop())),
  },
};

function operationOf(mention: AdjustmentMention): AdjustmentOperation {
  const operation = ADJUSTMENT_OPERATIONS[mention.adjustment.id];
  if (!operation) throw new Error(`The adjustment ${mention.adjustment.id} has no operation`);
  return operation;
}

export function isGeometric(mention: AdjustmentMention): boolean {
  return operationOf(mention).geometric;
}

export function applyAdjustment(raster: Raster, mention: AdjustmentMention): Promise<Raster> | Raster {
  return operationOf(mention).apply(raster, mention);
}
