import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { UserFile } from '@shared/studio';
import { libraryKeys, type ImageKind, type ImageListResult, type LibraryScope } from './api/get-user-files';
import { refreshLibraryLists, removeImageFromCachedLists } from './library-cache';

function userFile(id: string, isGenerated: boolean): UserFile {
  return {
    id,
    user_id: 'user-a',
    file_type: 'image',
    original_filename: `${id}.png`,
    stored_filename: `${id}.png`,
    file_url: `/api/files/${id}`,
    thumbnailUrl: `/api/files/${id}/thumbnail`,
    mime_type: 'image/png',
    file_size_bytes: 1000,
    is_generated: isGenerated,
    verified_enum: 'approved',
    upload_timestamp: '2025-08-01T10:00:00.000Z',
    contentDescription: isGenerated ? 'a red jacket' : '',
    metadata: null,
    width: 512,
    height: 512,
    expires_at: '2099-01-01T00:00:00.000Z',
    expired: false,
  };
}

const list = (ids: string[], total: number, generated: boolean): ImageListResult => ({
  images: ids.map((id) => userFile(id, generated)),
  total,
  hasMore: total > ids.length,
});

function seed(client: QueryClient, kind: ImageKind, userId: string, scope: LibraryScope, result: ImageListResult) {
  client.setQueryData(libraryKeys.list(kind, userId, scope), result);
}

const read = (client: QueryClient, kind: ImageKind, userId: string, scope: LibraryScope) =>
  client.getQueryData<ImageListResult>(libraryKeys.list(kind, userId, scope));

describe('deleting an image from the cached library lists', () => {
  it('removes the image from every cached list of the user at once and counts one fewer', async () => {
    const client = new QueryClient();
    seed(client, 'generated', 'user-a', 'limit-12', list(['g1', 'g2', 'g3'], 20, true));
    seed(client, 'generated', 'user-a', 'all', list(['g1', 'g2', 'g3', 'g4'], 20, true));
    seed(client, 'uploaded', 'user-a', 'limit-12', list(['u1'], 1, false));

    await removeImageFromCachedLists(client, 'user-a', 'g2');

    expect(read(client, 'generated', 'user-a', 'limit-12')?.images.map((i) => i.id)).toEqual(['g1', 'g3']);
    expect(read(client, 'generated', 'user-a', 'limit-12')?.total).toBe(19);
    expect(read(client, 'generated', 'user-a', 'all')?.images.map((i) => i.id)).toEqual(['g1', 'g3', 'g4']);
    expect(read(client, 'generated', 'user-a', 'all')?.total).toBe(19);
    // A list that never held the image keeps its count.
    expect(read(client, 'uploaded', 'user-a', 'limit-12')).toEqual(list(['u1'], 1, false));
  });

  it('never counts below zero', async () => {
    const client = new QueryClient();
    // A total the server already lowered (another tab deleted) while the page still shows the image.
    seed(client, 'generated', 'user-a', 'limit-12', list(['g1'], 0, true));
    await removeImageFromCachedLists(client, 'user-a', 'g1');
    expect(read(client, 'generated', 'user-a', 'limit-12')).toMatchObject({ images: [], total: 0 });
  });

  it("leaves another user's cached lists alone", async () => {
    const client = new QueryClient();
    seed(client, 'generated', 'user-b', 'limit-12', list(['g1'], 1, true));
    await removeImageFromCachedLists(client, 'user-a', 'g1');
    expect(read(client, 'generated', 'user-b', 'limit-12')?.images).toHaveLength(1);
  });

  it('stops a list fetch in flight, so its older answer cannot bring the image back', async () => {
    const client = new QueryClient();
    seed(client, 'generated', 'user-a', 'limit-12', list(['g1', 'g2'], 2, true));
    let answer: (result: ImageListResult) => void = () => undefined;
    const inFlight = client.fetchQuery({
      queryKey: libraryKeys.list('generated', 'user-a', 'limit-12'),
      queryFn: () => new Promise<ImageListResult>((resolve) => (answer = resolve)),
    });
    await removeImageFromCachedLists(client, 'user-a', 'g2');
    answer(list(['g1', 'g2'], 2, true));
    await inFlight.catch(() => undefined);
    expect(read(client, 'generated', 'user-a', 'limit-12')?.images.map((i) => i.id)).toEqual(['g1']);
  });

  it('refreshes the uploaded and generated lists (all and limit-12) of that user afterwards', async () => {
    const client = new QueryClient();
    for (const kind of ['uploaded', 'generated'] as const) {
      for (const scope of ['all', 'limit-12'] as const) seed(client, kind, 'user-a', scope, list([], 0, kind === 'generated'));
    }
    seed(client, 'generated', 'user-b', 'all', list([], 0, true));

    await refreshLibraryLists(client, 'user-a');

    const stale = client
      .getQueryCache()
      .findAll({ queryKey: libraryKeys.root })
      .filter((query) => query.state.isInvalidated)
      .map((query) => query.queryKey.join(' '));
    expect(stale.sort()).toEqual([
      '/api/user-files generated user-a all',
      '/api/user-files generated user-a limit-12',
      '/api/user-files uploaded user-a all',
      '/api/user-files uploaded user-a limit-12',
    ]);
  });
});
