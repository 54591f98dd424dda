import { describe, expect, it } from 'vitest';
import { sessionShortId, thumbnailLayout } from './session-thumbnails';

describe('session card thumbnails', () => {
  it('shows four images as a 2x2 grid', () => {
    expect(thumbnailLayout(['1', '2', '3', '4'])).toEqual({ kind: 'grid', images: ['1', '2', '3', '4'] });
  });

  it('shows only the latest image when there are one to three', () => {
    expect(thumbnailLayout(['newest'])).toEqual({ kind: 'single', image: 'newest' });
    expect(thumbnailLayout(['newest', 'older'])).toEqual({ kind: 'single', image: 'newest' });
    expect(thumbnailLayout(['newest', 'older', 'oldest'])).toEqual({ kind: 'single', image: 'newest' });
  });

  it('shows a placeholder without images', () => {
    expect(thumbnailLayout([])).toEqual({ kind: 'placeholder' });
  });

  it("titles a session with the last four characters of its id ('Session #xxxx')", () => {
    expect(sessionShortId('3f1c2a9e-0000-4000-8000-00000000beef')).toBe('beef');
  });
});
