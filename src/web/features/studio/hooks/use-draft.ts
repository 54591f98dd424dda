import { useState } from 'react';
import type { MessageFile } from '@shared/studio';
import { isApproved } from '../lib/pending-upload';
import { usePendingUploads } from './use-pending-uploads';

/**
 * What the user is writing: the text, the photos being uploaded for it, and the image "Edit this
 * image" picked (the next message edits exactly that image, sent as its attachment).
 */
export function useDraft() {
  const [text, setText] = useState('');
  const [editTarget, setEditTarget] = useState<MessageFile | null>(null);
  // The edit target takes one of the message's image slots: with the uploads it never passes the limit.
  const reservedSlots = editTarget ? 1 : 0;
  const uploads = usePendingUploads(reservedSlots);
  const uploaded = uploads.items.filter(isApproved).map((item) => item.userFileId!);
  // The image being edited goes first, once, even when it is also among the uploads.
  const fileIds = editTarget && !uploaded.includes(editTarget.id) ? [editTarget.id, ...uploaded] : uploaded;
  const attachmentCount = uploaded.length + (editTarget ? 1 : 0);

  const clear = () => {
    setText('');
    uploads.clear();
    setEditTarget(null);
  };

  return { text, setText, uploads, editTarget, setEditTarget, reservedSlots, fileIds, attachmentCount, clear };
}

export type Draft = ReturnType<typeof useDraft>;
