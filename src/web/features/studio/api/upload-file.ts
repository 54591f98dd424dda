import { userFileSchema, type UserFile } from '@shared/studio';
import { apiFetch } from '@web/lib/api-client';

/** Uploads one photo; it comes back pending while the server verifies it. */
export async function uploadFile(file: File, signal?: AbortSignal): Promise<UserFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await apiFetch('/api/uploads', { method: 'POST', body: form, ...(signal ? { signal } : {}) });
  return userFileSchema.parse(await response.json());
}
