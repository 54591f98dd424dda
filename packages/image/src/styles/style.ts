import { type Raster } from '../raster';

export interface StyleContext {
  /** Fixed per request and output, so a style's randomness (grain, glitches) is repeatable. */
  seed: number;
  /** 1 at 1024 px on the long side: kernel sizes and dot pitches follow it so a style looks alike at any size. */
  scale: number;
}

/**
 * A named look. `patterns` are the words that ask for it in English and Russian (see text-match:
 * 'stem*' matches any ending); `apply` is the real image pipeline and keeps the raster's size.
 */
export interface Style {
  id: string;
  english: string;
  russian: string;
  patterns: readonly string[];
  apply(raster: Raster, context: StyleContext): Promise<Raster> | Raster;
}
