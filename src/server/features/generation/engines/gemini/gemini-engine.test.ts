import { describe, expect, it } from 'vitest';
import { GEMINI_ASPECT_RATIOS, geminiAspectRatioFor } from './gemini-engine';

describe("the aspect ratio asked of Gemini (its ImageConfig's list only)", () => {
  it('is the one asked for when Gemini supports it', () => {
    for (const ratio of GEMINI_ASPECT_RATIOS) expect(geminiAspectRatioFor(ratio)).toBe(ratio);
  });

  it('is the nearest supported one otherwise (the picture is cropped to what was asked afterwards)', () => {
    expect(geminiAspectRatioFor('4:5')).toBe('3:4');
    expect(geminiAspectRatioFor('5:4')).toBe('4:3');
    expect(geminiAspectRatioFor('2:1')).toBe('16:9');
    expect(geminiAspectRatioFor('1:2')).toBe('9:16');
    expect(geminiAspectRatioFor('4:1')).toBe('21:9');
    expect(geminiAspectRatioFor('7:10')).toBe('2:3');
  });

  it("is left to the model for 'unchanged'", () => {
    expect(geminiAspectRatioFor('unchanged')).toBeUndefined();
  });
});
