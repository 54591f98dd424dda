import { useCallback, useState } from 'react';
import { freeAttachmentSlots, screenPickedFiles, type PickRefusal } from '../lib/composer-rules';
import type { PendingUpload } from '../lib/pending-upload';

/**
 * Files that arrive other than through the composer's picker (dropped, pasted, or picked from a
 * welcome card): screened by the same rules as a pick — images only, of a kind and size the server
 * takes, within the message's free slots — with what was refused said by name.
 */
export function useFileIntake(items: readonly PendingUpload[], reservedSlots: number, addFiles: (files: File[]) => void) {
  const [refusals, setRefusals] = useState<PickRefusal[]>([]);
  const take = useCallback(
    (files: File[]) => {
      const { usable, refusals: refused } = screenPickedFiles(files, freeAttachmentSlots(items, reservedSlots));
      setRefusals(refused);
      addFiles(usable);
    },
    [items, reservedSlots, addFiles],
  );
  const dismiss = useCallback(() => setRefusals([]), []);
  return { take, refusals, dismiss };
}
