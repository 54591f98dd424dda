import { type Style } from '@photomuse/request-language';
import { type Raster } from '../raster';

export interface StyleContext {
  /** Fixed per request and output, so a style's randomness (grain, glitches) is repeatable. */
  seed: number;
  /** 1 at 1024 px on the long side: kernel sizes and dot pitches follow it so a style looks alike at any size. */
  scale: number;
}

/**
 * What a named look (request-language's Style of the same id) does to a picture: `apply` is the
 * real image pipeline and keeps the raster's size.
 */
export interface StyleLook {
  id: string;
  apply(raster: Raster, context: StyleContext): Promise<Raster> | Raster;
}

/** A style's names and words with its look. */
export type StyleWithLook = Style & Pick<StyleLook, 'apply'>;
