import type { SuggestedAction, UserFile } from '@shared/studio';

/** A photo picked in the composer, from upload to verification. */
export interface PendingUpload {
  id: string;
  file: File;
  /** An object URL of the picked file, shown while it uploads. */
  preview: string;
  status: 'pending' | 'processing' | 'complete';
  result?: 'approved' | 'rejected';
  /** Why the upload or its verification failed. */
  error?: string;
  userFileId?: string;
  userFile?: UserFile;
}

export type UploadBadge = 'waiting' | 'processing' | 'ready' | 'failed';

/** A pending photo's badge: 'Waiting...', 'Processing...', 'Ready', 'Failed'. */
export function uploadBadge(item: PendingUpload): UploadBadge {
  if (item.error || item.result === 'rejected') return 'failed';
  if (item.status === 'pending') return 'waiting';
  if (item.status === 'processing') return 'processing';
  return 'ready';
}

export function isApproved(item: PendingUpload): boolean {
  return item.status === 'complete' && item.result === 'approved' && !item.error && item.userFileId !== undefined;
}

/** Still on its way: picked, uploading or being verified. */
export function isInFlight(item: PendingUpload): boolean {
  return !item.error && item.status !== 'complete';
}

/** The chips of the suggested-actions strip: approved images' suggestions, one per title. */
export function suggestedActionsOf(items: readonly PendingUpload[]): SuggestedAction[] {
  const seen = new Set<string>();
  const actions: SuggestedAction[] = [];
  for (const item of items) {
    if (!isApproved(item)) continue;
    for (const action of item.userFile?.metadata ?? []) {
      const key = action.title.trim();
      if (key === '' || seen.has(key)) continue;
      seen.add(key);
      actions.push(action);
    }
  }
  return actions;
}
