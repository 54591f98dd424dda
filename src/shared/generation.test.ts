import { describe, expect, it } from 'vitest';
import { MAX_ATTACHMENTS } from './constants';
import {
  aspectRatioDimensions,
  aspectRatioLabel,
  aspectRatioSchema,
  aspectRatioValue,
  generationPlanSchema,
  imageLimitRefusal,
  imageLimitRefusalSchema,
  isAspectRatio,
  MAX_IMAGES_PER_REQUEST,
  parseAspectRatio,
} from './generation';

describe('aspect ratios', () => {
  it.each(['unchanged', '1:1', '16:9', '9:16', '21:9', '4:5', '999:1'])('accepts %s', (value) => {
    expect(aspectRatioSchema.safeParse(value).success).toBe(true);
    expect(isAspectRatio(value)).toBe(true);
  });

  it.each(['', 'original', '16/9', '16x9', '0:9', '09:16', '16:', ':9', '1.5:1', '-1:2', '1000:1', ' 16:9', 'square'])(
    'rejects %j as a stored value',
    (value) => {
      expect(aspectRatioSchema.safeParse(value).success).toBe(false);
      expect(isAspectRatio(value)).toBe(false);
    },
  );

  it.each([
    ['16:9', '16:9'],
    ['16x9', '16:9'],
    ['16 × 9', '16:9'],
    ['16/9', '16:9'],
    ['32:18', '16:9'],
    ['2:2', '1:1'],
    ['Original', 'unchanged'],
    ['unchanged', 'unchanged'],
    ['0:1', null],
    ['wide', null],
  ])('reads %j as %j', (text, expected) => {
    expect(parseAspectRatio(text)).toBe(expected);
  });

  it('gives dimensions, value and label', () => {
    expect(aspectRatioDimensions('16:9')).toEqual({ width: 16, height: 9 });
    expect(aspectRatioDimensions('unchanged')).toBeNull();
    expect(aspectRatioValue('3:2')).toBe(1.5);
    expect(aspectRatioLabel('unchanged')).toBe('Original');
    expect(aspectRatioLabel('4:5')).toBe('4:5');
  });
});

describe('the limit of images one reply may make', () => {
  it('lets a message with as many photos as the composer takes get one result for each', () => {
    expect(MAX_IMAGES_PER_REQUEST).toBe(MAX_ATTACHMENTS);
    expect(imageLimitRefusal(MAX_IMAGES_PER_REQUEST)).toBeNull();
  });

  it('refuses more, naming what was asked and the limit', () => {
    expect(imageLimitRefusal(MAX_IMAGES_PER_REQUEST + 1)).toEqual({
      reason: 'TOO_MANY_IMAGES',
      requested_images: MAX_IMAGES_PER_REQUEST + 1,
      max_images: MAX_IMAGES_PER_REQUEST,
    });
    expect(imageLimitRefusalSchema.parse(imageLimitRefusal(10))).toEqual({
      reason: 'TOO_MANY_IMAGES',
      requested_images: 10,
      max_images: MAX_IMAGES_PER_REQUEST,
    });
  });
});

describe('the reply plan stored in intent_data', () => {
  it('fills in one image and the original shape by default', () => {
    expect(generationPlanSchema.parse({ intent: 'generate', instruction: 'a night city', sourceImages: 'none' })).toEqual({
      intent: 'generate',
      instruction: 'a night city',
      imageCount: 1,
      aspectRatio: 'unchanged',
      sourceImages: 'none',
    });
  });

  it('allows at most five images (one for each photo of a message) and a known source', () => {
    const plan = { intent: 'edit', instruction: 'sepia', sourceImages: 'attachments' };
    expect(generationPlanSchema.safeParse({ ...plan, imageCount: 5 }).success).toBe(true);
    expect(generationPlanSchema.safeParse({ ...plan, imageCount: 6 }).success).toBe(false);
    expect(generationPlanSchema.safeParse({ ...plan, imageCount: 0 }).success).toBe(false);
    expect(generationPlanSchema.safeParse({ ...plan, sourceImages: 'somewhere' }).success).toBe(false);
    expect(generationPlanSchema.safeParse({ ...plan, aspectRatio: '16x9' }).success).toBe(false);
    expect(generationPlanSchema.safeParse({ ...plan, instruction: '   ' }).success).toBe(false);
  });
});
