import { useTranslation } from 'react-i18next';
import type { MessageFile } from '@shared/studio';
import { cn } from '@web/lib/cn';
import { CHAT_IMAGE_MAX_HEIGHT_REM, chatImageBox } from '../lib/image-box';

/**
 * One image in the chat, whole and at its own shape (never cropped), within a maximum height.
 * Its box is reserved from the stored pixel size, so the conversation does not jump as it loads.
 */
export function ChatImage({ file, inGrid, onOpen }: { file: MessageFile; inGrid: boolean; onOpen: (file: MessageFile) => void }) {
  const { t } = useTranslation('studio');
  const maxHeight = inGrid ? CHAT_IMAGE_MAX_HEIGHT_REM.grid : CHAT_IMAGE_MAX_HEIGHT_REM.single;
  const box = chatImageBox(file.width, file.height, maxHeight);
  return (
    <button
      type="button"
      data-testid="chat-image"
      className="block max-w-full overflow-hidden rounded-lg bg-background/20 focus-visible:outline-offset-2"
      style={box ? { width: box.width, aspectRatio: box.aspectRatio } : undefined}
      aria-label={t('session.openImage', { name: file.originalFilename })}
      onClick={() => onOpen(file)}
    >
      <img
        src={file.thumbnailUrl || file.fileUrl}
        alt={file.originalFilename}
        loading="lazy"
        width={file.width ?? undefined}
        height={file.height ?? undefined}
        className={cn('block', box ? 'size-full object-contain' : 'h-auto w-auto max-w-full')}
        style={box ? undefined : { maxHeight: `${maxHeight}rem` }}
      />
    </button>
  );
}
