import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LocalImageEngine } from './local-engine';
import { fixture, fixturePhotos } from '../test/pictures';

const engine = new LocalImageEngine({ workingMaxSide: 300 });

describe('the local engine looks at an upload', () => {
  it.each(fixturePhotos().map((photo) => [photo.name, photo.data] as const))(
    'approves %s with 3-6 suggestions with unique titles',
    async (_name, data) => {
      const analysis = await engine.analyzeUpload({ data, mimeType: 'image/jpeg' });
      expect(analysis.approved).toBe(true);
      expect(analysis.suggestions.length).toBeGreaterThanOrEqual(3);
      expect(analysis.suggestions.length).toBeLessThanOrEqual(6);
      const titles = analysis.suggestions.map((suggestion) => suggestion.title);
      expect(new Set(titles).size).toBe(titles.length);
      for (const suggestion of analysis.suggestions) {
        expect(suggestion.title.trim()).not.toBe('');
        expect(suggestion.description.trim()).not.toBe('');
      }
    },
  );

  it('suggests changing the colours the picture is made of', async () => {
    const redShirt = await engine.analyzeUpload({ data: fixture('people/037.jpg'), mimeType: 'image/jpeg' });
    expect(redShirt.suggestions.map((suggestion) => suggestion.title)).toContain('Change the red to blue');
    const blueBackdrop = await engine.analyzeUpload({ data: fixture('people/099.jpg'), mimeType: 'image/jpeg' });
    expect(blueBackdrop.suggestions.map((suggestion) => suggestion.title)).toContain('Change the blue to red');
  });

  it('suggests a shape that suits the orientation the photo is seen in', async () => {
    // Landscape_6 is stored 1200×1800 with EXIF orientation 6: upright it is a landscape.
    const landscape = await engine.analyzeUpload({ data: fixture('photos/Landscape_6.jpg'), mimeType: 'image/jpeg' });
    expect(landscape.suggestions.map((suggestion) => suggestion.title)).toContain('Make it widescreen');
    const portrait = await engine.analyzeUpload({ data: fixture('photos/Portrait_8.jpg'), mimeType: 'image/jpeg' });
    expect(portrait.suggestions.map((suggestion) => suggestion.title)).toContain('Crop to a square');
  });

  it('rejects what does not decode as an image', async () => {
    const php = await engine.analyzeUpload({ data: Buffer.from('<?php echo "hello"; ?>'), mimeType: 'image/jpeg' });
    expect(php).toEqual({ approved: false, reason: expect.any(String), suggestions: [] });
    const jpeg = fixture('people/013.jpg');
    const truncated = await engine.analyzeUpload({ data: jpeg.subarray(0, Math.floor(jpeg.length / 3)), mimeType: 'image/jpeg' });
    expect(truncated.approved).toBe(false);
  });

  it('suggests brightening a dark photo', async () => {
    const dark = await sharp(fixture('people/040.jpg')).linear(0.3, 0).jpeg().toBuffer();
    const analysis = await engine.analyzeUpload({ data: dark, mimeType: 'image/jpeg' });
    expect(analysis.suggestions.map((suggestion) => suggestion.title)).toContain('Brighten the photo');
  });
});
