import { describe, expect, it } from 'vitest';
import { assertSafeKey } from './storage';
import {
  extensionOf,
  safeStemOf,
  sanitizeFilename,
  servedFilenameOf,
  storedFilenameFor,
  thumbnailKeyOf,
  uniqueTimestamp,
  uploadedPhotoKey,
} from './storage-keys';

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
    expect(thumbnailKeyOf('public/u1/uploaded-photos/1714000000000-beach.jpg')).toBe(
      'public/u1/uploaded-photos/1714000000000-beach.thumb.webp',
    );
    expect(thumbnailKeyOf('public/u1/generated/job-0.webp')).toBe('public/u1/generated/job-0.thumb.webp');
  });

  it('never hands out the same timestamp twice in one process', () => {
    const stamps = Array.from({ length: 1000 }, () => uniqueTimestamp());
    expect(new Set(stamps).size).toBe(stamps.length);
  });

  it('serves each image under a name of its own: a safe stem of the original name, the start of its id, the stored type', () => {
    const first = { id: '0f3a9c1e-77aa-4b0e-9d5e-0123456789ab', originalFilename: 'generated-1.png', mimeType: 'image/png' };
    const second = { id: 'b81d2e40-1c2d-4e5f-8a9b-ba9876543210', originalFilename: 'generated-1.png', mimeType: 'image/png' };
    expect(servedFilenameOf(first, 'original')).toBe('generated-1-0f3a9c1e.png');
    expect(servedFilenameOf(second, 'original')).toBe('generated-1-b81d2e40.png');
    expect(servedFilenameOf(first, 'thumbnail')).toBe('generated-1-0f3a9c1e-thumbnail.webp');
    expect(servedFilenameOf({ ...first, originalFilename: 'Мой отпуск', mimeType: 'image/jpeg' }, 'original')).toBe(
      'Мой отпуск-0f3a9c1e.jpg',
    );
    expect(servedFilenameOf({ ...first, originalFilename: '.png' }, 'original')).toBe('image-0f3a9c1e.png');
  });

  it('reduces a hostile original name to a stem that cannot climb out of a folder or choose its extension', () => {
    expect(safeStemOf('../../../../tmp/x.jpg')).toBe('x');
    expect(safeStemOf('..\\..\\windows\\evil.jpg')).toBe('evil');
    expect(safeStemOf('evil.sh')).toBe('evil');
    expect(safeStemOf('..')).toBe('image');
    expect(safeStemOf('CON.jpg')).toBe('image');
    expect(safeStemOf('a<b>c:d"e|f?g*h.png')).toBe('a_b_c_d_e_f_g_h');
    // A right-to-left override would show "evil\u202Egpj.exe" as "evilexe.jpg".
    expect(safeStemOf('evil\u202Egpj.exe')).toBe('evil_gpj');
    expect(safeStemOf('Beach day (final).JPG')).toBe('Beach day _final');
    expect(safeStemOf('  __report__  ')).toBe('report');
  });

  it('keeps a served name within the 255 bytes a file system allows, in any script, without splitting a character', () => {
    for (const originalFilename of [`${'a'.repeat(250)}.jpg`, `${'я'.repeat(250)}.jpg`, `${'😀'.repeat(100)}.jpg`]) {
      const name = servedFilenameOf({ id: '0f3a9c1e-77aa-4b0e-9d5e-0123456789ab', originalFilename, mimeType: 'image/jpeg' }, 'thumbnail');
      expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
      expect(name).not.toContain('\uFFFD');
      expect(name).toMatch(/-0f3a9c1e-thumbnail\.webp$/);
    }
  });
});
