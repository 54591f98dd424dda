import type { StreamCloseReason } from '@shared/realtime';

type CloseStream = (reason: StreamCloseReason) => void;

/**
 * This process's open event streams by user: at most `perUser` each (EVENT_STREAMS_PER_USER). One
 * more closes the user's oldest — the tab left open longest — which the client reopens only once
 * its page is in use again. The cap is per API process, as what it protects is: memory and open
 * files.
 */
export class OpenStreams {
  private readonly byUser = new Map<string, Set<CloseStream>>();

  constructor(private readonly perUser: number) {}

  /** Counts a stream in, closing the user's oldest beyond the cap; answers how to count it out when it ends. */
  add(userId: string, close: CloseStream): () => void {
    const streams = this.byUser.get(userId) ?? new Set<CloseStream>();
    this.byUser.set(userId, streams);
    // A Set iterates in the order of insertion: oldest first.
    for (const oldest of streams) {
      if (streams.size < this.perUser) break;
      streams.delete(oldest);
      oldest('too-many-streams');
    }
    streams.add(close);
    return () => {
      streams.delete(close);
      if (streams.size === 0 && this.byUser.get(userId) === streams) this.byUser.delete(userId);
    };
  }

  /** Streams open for this user in this process. */
  countOf(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }
}
