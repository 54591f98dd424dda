import type { UserFile } from '@shared/studio';
import { api } from '@web/lib/api-client';

/** Uploads one photo; it comes back pending while the server verifies it. */
export async function uploadFile(file: File, signal?: AbortSignal): Promise<UserFile> {
  const response = await api.uploads.$post({ form: { file } }, signal ? { init: { signal } } : {});
  // The client throws on every answer but a success, so this only narrows the documented 429 away.
  if (response.status !== 201) throw new Error(`Unexpected upload answer ${response.status}`);
  return response.json();
}
