import { useState } from 'react';
import type { MessageFile } from '@shared/studio';
import type { SelectedArea } from '../components/mask-editor/mask-editor-dialog';

/**
 * "Select area" in the session: the image being painted on (the editor is open), and the area
 * chosen with Done, which makes its image the composer's edit target and goes with the next
 * message as `mask_id` while that image is still the target.
 */
export function useSelectedArea(setEditTarget: (file: MessageFile | null) => void) {
  const [editing, setEditing] = useState<MessageFile | null>(null);
  const [area, setArea] = useState<SelectedArea | null>(null);
  return {
    editing,
    area,
    open: setEditing,
    cancel: () => setEditing(null),
    done: (chosen: SelectedArea) => {
      setArea(chosen);
      setEditTarget(chosen.file);
      setEditing(null);
    },
    clear: () => setArea(null),
    /** The mask for a message whose edit target is `target` (none once the target changed). */
    maskIdFor: (target: MessageFile | null) => (area && target?.id === area.file.id ? area.maskId : undefined),
    overlayFor: (target: MessageFile | null) => (area && target?.id === area.file.id ? area.overlayUrl : undefined),
  };
}
