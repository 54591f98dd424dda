import { describe, expect, it } from 'vitest';
import { liveCountersShown } from './landing-figures';

const defaults = { creators: 500, transformations: 1000 };

describe('the live counters beside the marketing figures', () => {
  it('are left out on a fresh install, where they would contradict "500+ creators, 1000+ transformations"', () => {
    expect(liveCountersShown({ images: 0, users: 0 }, defaults)).toEqual({ images: false, users: false });
    expect(liveCountersShown({ images: 999, users: 499 }, defaults)).toEqual({ images: false, users: false });
  });

  it('show each counter once it reaches its figure', () => {
    expect(liveCountersShown({ images: 1000, users: 12 }, defaults)).toEqual({ images: true, users: false });
    expect(liveCountersShown({ images: 5, users: 500 }, defaults)).toEqual({ images: false, users: true });
  });

  it('show a counter whose figure the operator left out (0), and keep both places while loading', () => {
    expect(liveCountersShown({ images: 0, users: 0 }, { creators: 0, transformations: 0 })).toEqual({ images: true, users: true });
    expect(liveCountersShown(undefined, defaults)).toEqual({ images: true, users: true });
  });
});
