import { describe, expect, it } from 'vitest';
import { fetchMissedMessages } from './catch-up';
import { messageAt as message } from '@test/shared/messages';

describe('catching up after the live stream (re)connects', () => {
  it('asks for messages after the newest one held and reads again every reply still processing', async () => {
    const question = message('q', '2025-01-01T10:00:00.000000Z');
    const working = message('r', '2025-01-01T10:00:00.100000Z', { role: 'system', processing_status: 'processing' });
    const finished = { ...working, processing_status: 'completed', updated_at: '2025-01-01T10:00:05.000000Z' };
    const later = message('n', '2025-01-01T10:01:00.000000Z');
    const asked: Array<[string | null, number]> = [];
    const read: string[] = [];
    const missed = await fetchMissedMessages([question, working], {
      fetchAfter: async (after, limit) => (asked.push([after, limit]), [later]),
      fetchOne: async (id) => (read.push(id), finished),
    });
    expect(asked).toEqual([['2025-01-01T10:00:00.100000Z', 100]]);
    expect(read).toEqual(['r']);
    expect(missed).toEqual([later, finished]);
  });

  it('asks for the latest page when nothing is held, and skips a reply that can no longer be read', async () => {
    const asked: Array<string | null> = [];
    expect(
      await fetchMissedMessages([], {
        fetchAfter: async (after) => (asked.push(after), []),
        fetchOne: () => Promise.reject(new Error('unused')),
      }),
    ).toEqual([]);
    expect(asked).toEqual([null]);
    const gone = message('r', '2025-01-01T10:00:00.000000Z', { role: 'system', processing_status: 'processing' });
    expect(await fetchMissedMessages([gone], { fetchAfter: async () => [], fetchOne: () => Promise.reject(new Error('404')) })).toEqual([]);
  });
});
