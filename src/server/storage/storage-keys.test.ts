import { describe, expect, it } from 'vitest';
import { assertSafeKey } from './storage';
import { extensionOf, sanitizeFilename, servedFilenameOf, storedFilenameFor, thumbnailKeyOf, uniqueTimestamp, uploadedPhotoKey } from './storage-keys';

describe('upload storage keys', () => {
  it('keeps letters, digits, dots and hyphens and turns everything else into underscores', () => {
    expect(sanitizeFilename('Beach day-2 (final).JPG')).toBe('Beach_day-2__final_.JPG');
    expect(sanitizeFilename('фото 1.jpg')).toBe('_____1.jpg');
    expect(sanitizeFilename('../../etc/passwd')).toBe('.._.._etc_passwd');
    expect(sanitizeFilename('a\\b\0c.png')).toBe('a_b_c.png');
  });

  it('builds the spec path with a timestamp prefix, so a hostile name stays one harmless file name', () => {
    const key = uploadedPhotoKey('user42', 1_714_000_000_000, storedFilenameFor('../../etc/passwd', 'jpg'));
    expect(key).toBe('public/user42/uploaded-photos/1714000000000-.._.._etc_passwd.jpg');
    expect(() => assertSafeKey(key)).not.toThrow();
    expect(() => assertSafeKey(thumbnailKeyOf(key))).not.toThrow();
  });

  it('names the stored file with the extension of the format really stored', () => {
    expect(storedFilenameFor('photo.jpeg', 'jpg')).toBe('photo.jpeg');
    expect(storedFilenameFor('photo.JPG', 'jpg')).toBe('photo.JPG');
    expect(storedFilenameFor('photo.png', 'jpg')).toBe('photo.png.jpg');
    expect(storedFilenameFor('scan', 'webp')).toBe('scan.webp');
    expect(storedFilenameFor('', 'png')).toBe('photo.png');
  });

  it('cuts very long names from the front, keeping the extension', () => {
    const stored = storedFilenameFor(`${'a'.repeat(300)}.png`, 'png');
    expect(stored).toHaveLength(100);
    expect(stored.endsWith('.png')).toBe(true);
  });

  it('gives a stored image the extension of its type, PNG for anything else', () => {
    expect(['image/jpeg', 'image/png', 'image/webp', 'image/gif'].map(extensionOf)).toEqual(['jpg', 'png', 'webp', 'png']);
  });

  it('puts a thumbnail beside its image, for uploads and generated images alike', () => {
    expect(thumbnailKeyOf('public/u1/uploaded-photos/1714000000000-beach.jpg')).toBe('public/u1/uploaded-photos/1714000000000-beach.thumb.webp');
    expect(thumbnailKeyOf('public/u1/generated/job-0.webp')).toBe('public/u1/generated/job-0.thumb.webp');
  });

  it('never hands out the same timestamp twice in one process', () => {
    const stamps = Array.from({ length: 1000 }, () => uniqueTimestamp());
    expect(new Set(stamps).size).toBe(stamps.length);
  });

  it('serves each image under a name of its own: the original name and the start of its id', () => {
    const first = { id: '0f3a9c1e-77aa-4b0e-9d5e-0123456789ab', originalFilename: 'generated-1.png' };
    const second = { id: 'b81d2e40-1c2d-4e5f-8a9b-ba9876543210', originalFilename: 'generated-1.png' };
    expect(servedFilenameOf(first, 'original')).toBe('generated-1-0f3a9c1e.png');
    expect(servedFilenameOf(second, 'original')).toBe('generated-1-b81d2e40.png');
    expect(servedFilenameOf(first, 'thumbnail')).toBe('generated-1-0f3a9c1e-thumbnail.webp');
    expect(servedFilenameOf({ id: first.id, originalFilename: 'Мой отпуск' }, 'original')).toBe('Мой отпуск-0f3a9c1e');
    expect(servedFilenameOf({ id: first.id, originalFilename: '.png' }, 'original')).toBe('image-0f3a9c1e.png');
  });
});
