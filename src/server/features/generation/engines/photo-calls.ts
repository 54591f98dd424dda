import { coded } from '@shared/coded-text';
import { EngineError, type EngineImage, type EngineOptions } from './image-engine';

/**
 * How a hosted engine turns one request into provider calls. Photos to be combined go into one
 * call for all the images. Otherwise each photo is a call of its own for its share of the images:
 * a hosted model given several photos at once makes pictures of them together, not one result per
 * photo. The images go round the photos (the first of each photo, then the second of each…), as
 * the local engine orders them.
 */
export interface PhotoCall {
  images: EngineImage[];
  /** Images this call makes. */
  count: number;
  /** Where each of them goes among the request's images. */
  positions: number[];
}

export function photoCalls(images: EngineImage[], options: Pick<EngineOptions, 'count' | 'combine'>): PhotoCall[] {
  const everyPosition = Array.from({ length: options.count }, (_, position) => position);
  if (images.length <= 1 || options.combine) return [{ images, count: options.count, positions: everyPosition }];
  return images
    .map((image, index) => ({ images: [image], positions: everyPosition.filter((position) => position % images.length === index) }))
    .filter((call) => call.positions.length > 0)
    .map((call) => ({ ...call, count: call.positions.length }));
}

/**
 * Runs the calls at once (one photo's call does not wait for another's) and puts their images in
 * the request's order. The first failure stops the other calls — their images would be paid to
 * the provider for nothing, as the whole request is tried again or refunded — and is thrown. A
 * call that answers with fewer images than asked fails the request: the user paid for each.
 */
export async function runPhotoCalls(
  calls: PhotoCall[],
  signal: AbortSignal | undefined,
  run: (call: PhotoCall, signal: AbortSignal) => Promise<EngineImage[]>,
): Promise<EngineImage[]> {
  const stopOthers = new AbortController();
  const callSignal = signal ? AbortSignal.any([signal, stopOthers.signal]) : stopOthers.signal;
  const outputs: EngineImage[] = [];
  await Promise.all(
    calls.map(async (call) => {
      try {
        const images = await run(call, callSignal);
        if (images.length < call.count) throw new EngineError('transient', coded('engine.fewerImages'));
        call.positions.forEach((position, index) => (outputs[position] = images[index]!));
      } catch (error) {
        stopOthers.abort(error);
        throw error;
      }
    }),
  );
  return outputs;
}
