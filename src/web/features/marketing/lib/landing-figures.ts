import type { Stats } from '@shared/stats';

export interface LandingFigures {
  creators: number;
  transformations: number;
}

/**
 * Which live counters the stats strip shows beside the marketing figures: a counter lower than
 * its figure would contradict it ("1000+ transformations" above "0 images generated"), so it is
 * left out until it reaches the figure. A figure of 0 (left out by the operator) contradicts
 * nothing. While the counters load, both places are kept (as placeholders).
 */
export function liveCountersShown(stats: Stats | undefined, figures: LandingFigures): { images: boolean; users: boolean } {
  if (!stats) return { images: true, users: true };
  return { images: stats.images >= figures.transformations, users: stats.users >= figures.creators };
}
