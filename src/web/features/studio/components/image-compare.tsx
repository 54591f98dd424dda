import { useTranslation } from 'react-i18next';
import type { MessageFile } from '@shared/studio';
import { BeforeAfterSlider } from '@web/components/before-after-slider';

/** An edit's result against the image it was made from, on the landing page's before/after slider. */
export function ImageCompare({ before, after }: { before: MessageFile; after: MessageFile }) {
  const { t } = useTranslation('studio');
  const ratio = after.width && after.height ? after.width / after.height : 1;
  return (
    <div className="flex min-h-0 w-full flex-1 items-center justify-center" data-testid="image-compare">
      <BeforeAfterSlider
        // As large as the screen allows at the result's shape.
        className="max-h-full max-w-full rounded-lg"
        after={
          <img src={after.fileUrl} alt={after.originalFilename} draggable={false} className="absolute inset-0 size-full object-contain" />
        }
        renderBefore={(clip) => (
          <img
            src={before.fileUrl}
            alt={before.originalFilename}
            draggable={false}
            className="absolute inset-0 size-full bg-muted object-contain"
            style={clip}
          />
        )}
        beforeLabel={t('chatUi.compare.before')}
        afterLabel={t('chatUi.compare.after')}
        label={t('chatUi.compare.sliderLabel')}
        valueText={(value) => t('chatUi.compare.sliderValue', { value })}
        style={{ aspectRatio: ratio, width: `min(100%, calc((100dvh - 11rem) * ${ratio}))` }}
      />
    </div>
  );
}
