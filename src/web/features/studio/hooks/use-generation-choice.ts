import { useState } from 'react';
import { pickableImageCount, type EngineKind, type EngineOffer } from '@shared/engines';
import type { AspectRatio } from '@shared/generation';

/** The composer's picks for the next request; null shape or count: as the words say. */
export interface GenerationChoice {
  engine: EngineKind;
  aspectRatio: AspectRatio | null;
  imageCount: number | null;
}

interface Picked {
  /** Picks hold for the session they were made in. */
  sessionId: string | undefined;
  engine?: EngineKind;
  aspectRatio: AspectRatio | null;
  imageCount: number | null;
}

/**
 * The engine, shape and count the composer sends with the next message. The engine starts at the
 * session's last choice (the server remembers it with each message) or the server's default, and
 * may change for any message; a shape or count the chosen engine cannot make is dropped.
 */
export function useGenerationChoice(
  offers: readonly EngineOffer[],
  sessionId: string | undefined,
  sessionEngine: EngineKind | null | undefined,
) {
  const [picked, setPicked] = useState<Picked>({ sessionId, aspectRatio: null, imageCount: null });
  const current: Picked = picked.sessionId === sessionId ? picked : { sessionId, aspectRatio: null, imageCount: null };
  const offered = (kind: EngineKind | null | undefined) => offers.find((offer) => offer.kind === kind);
  const offer = offered(current.engine) ?? offered(sessionEngine) ?? offers[0]!;
  const shapes = offer.capabilities.aspectRatios;
  const choice: GenerationChoice = {
    engine: offer.kind,
    aspectRatio: current.aspectRatio && (!shapes || shapes.includes(current.aspectRatio)) ? current.aspectRatio : null,
    imageCount: current.imageCount && current.imageCount <= pickableImageCount(offer.capabilities) ? current.imageCount : null,
  };
  const update = (patch: Partial<Omit<Picked, 'sessionId'>>) => setPicked({ ...current, engine: choice.engine, ...patch, sessionId });
  return {
    choice,
    offer,
    setEngine: (engine: EngineKind) => update({ engine }),
    setAspectRatio: (aspectRatio: AspectRatio | null) => update({ aspectRatio }),
    setImageCount: (imageCount: number | null) => update({ imageCount }),
    /** Picks made on a new chat carry over to the session its first message created. */
    carryTo: (createdSessionId: string) => setPicked({ ...current, engine: choice.engine, sessionId: createdSessionId }),
  };
}
