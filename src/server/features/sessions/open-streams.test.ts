import { describe, expect, it } from 'vitest';
import type { StreamCloseReason } from '@shared/realtime';
import { OpenStreams } from './open-streams';

describe('OpenStreams', () => {
  it("closes a user's oldest stream once they open one more than the cap, and nobody else's", () => {
    const streams = new OpenStreams(2);
    const closed: string[] = [];
    const stream = (name: string) => (reason: StreamCloseReason) => closed.push(`${name}:${reason}`);
    streams.add('ann', stream('ann-1'));
    streams.add('ann', stream('ann-2'));
    streams.add('bob', stream('bob-1'));
    expect(closed).toEqual([]);
    streams.add('ann', stream('ann-3'));
    expect(closed).toEqual(['ann-1:too-many-streams']);
    streams.add('ann', stream('ann-4'));
    expect(closed).toEqual(['ann-1:too-many-streams', 'ann-2:too-many-streams']);
    expect(streams.countOf('ann')).toBe(2);
    expect(streams.countOf('bob')).toBe(1);
  });

  it('frees a place when a stream ends, and forgets a user with none open', () => {
    const streams = new OpenStreams(1);
    const closed: string[] = [];
    const countOut = streams.add('ann', () => closed.push('first'));
    countOut();
    expect(streams.countOf('ann')).toBe(0);
    streams.add('ann', () => closed.push('second'));
    expect(closed).toEqual([]);
    // Counting out twice, or after being closed, changes nothing.
    countOut();
    expect(streams.countOf('ann')).toBe(1);
  });
});
