import { describe, expect, it } from 'vitest';
import { lastTimestamp, mergeMessages } from './merge-messages';
import { messageAt as message } from '@test/shared/messages';

describe('merging fetched messages into the conversation', () => {
  it('puts messages in time order wherever they came from', () => {
    const current = [message('a', '2025-01-01T10:00:00.000Z'), message('c', '2025-01-01T10:02:00.000Z')];
    const merged = mergeMessages(current, [message('d', '2025-01-01T10:03:00.000Z'), message('b', '2025-01-01T10:01:00.000Z')]);
    expect(merged.map((m) => m.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('replaces a message with the same id by the newer copy (its outputs arrived)', () => {
    const processing = message('r', '2025-01-01T10:01:00.000Z', { role: 'system', processing_status: 'processing' });
    const done = {
      ...processing,
      processing_status: 'completed',
      updated_at: '2025-01-01T10:01:30.000Z',
      files: [
        {
          id: 'f',
          fileUrl: '/f',
          thumbnailUrl: '/t',
          originalFilename: 'out.png',
          isGenerated: true,
          expired: false,
          contentDescription: 'a red jacket',
          version: 0,
          engine: null,
        },
      ],
    };
    const merged = mergeMessages([message('q', '2025-01-01T10:00:00.000Z'), processing], [done]);
    expect(merged).toHaveLength(2);
    expect(merged[1]).toEqual(done);
  });

  it('keeps the newer copy when an older fetch of the same message lands after it', () => {
    const processing = message('r', '2025-01-01T10:01:00.000Z', { role: 'system', processing_status: 'processing' });
    const done = { ...processing, processing_status: 'completed', updated_at: '2025-01-01T10:01:30.000Z' };
    expect(mergeMessages([done], [processing])).toEqual([done]);
    expect(mergeMessages([processing], [done])).toEqual([done]);
  });

  it('keeps arrival order for messages with the same timestamp, and does not touch its inputs', () => {
    const at = '2025-01-01T10:00:00.000Z';
    const current = [message('x', at)];
    const merged = mergeMessages(current, [message('y', at), message('z', at)]);
    expect(merged.map((m) => m.id)).toEqual(['x', 'y', 'z']);
    expect(current.map((m) => m.id)).toEqual(['x']);
  });

  it('answers the newest timestamp to fetch after on reconnect, or null before any message', () => {
    expect(lastTimestamp([])).toBeNull();
    expect(lastTimestamp(mergeMessages([], [message('b', '2025-01-01T10:05:00.000Z'), message('a', '2025-01-01T10:00:00.000Z')]))).toBe(
      '2025-01-01T10:05:00.000Z',
    );
  });
});
