import type { ImageMask } from '@shared/masks';
import { api } from '@web/lib/api-client';

/** Stores a selected area of one of the user's images (a PNG of its exact size, painted where it may change). */
export async function createMask(fileId: string, png: Blob): Promise<ImageMask> {
  const mask = new File([png], 'mask.png', { type: 'image/png' });
  const response = await api.masks.$post({ form: { file_id: fileId, mask } });
  return response.json();
}
