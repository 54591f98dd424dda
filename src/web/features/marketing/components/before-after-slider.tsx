import { useTranslation } from 'react-i18next';
import { BeforeAfterSlider as Slider } from '@web/components/before-after-slider';
import { SamplePicture } from './sample-picture';

export { positionAfterKey, positionAtPointer, SLIDER_DEFAULT, SLIDER_MAX, SLIDER_MIN } from '@web/components/before-after-slider';

interface SliderImage {
  src: string;
  alt: string;
}

export interface BeforeAfterSliderProps {
  before: SliderImage;
  after: SliderImage;
  afterLabel: string;
  /** Names the slider for assistive technology, e.g. the sample's title. */
  label: string;
  width: number;
  height: number;
}

/** The desktop sample view: the sample's "before" photo over its result, on the shared slider. */
export function BeforeAfterSlider({ before, after, afterLabel, label, width, height }: BeforeAfterSliderProps) {
  const { t } = useTranslation('marketing');
  return (
    <Slider
      className="aspect-square"
      after={<SamplePicture src={after.src} alt={after.alt} width={width} height={height} className="absolute inset-0 size-full" />}
      renderBefore={(clip) => (
        <SamplePicture
          src={before.src}
          alt={before.alt}
          width={width}
          height={height}
          className="absolute inset-0 size-full"
          style={clip}
        />
      )}
      beforeLabel={t('gallery.before')}
      afterLabel={afterLabel}
      label={t('gallery.sliderLabel', { title: label })}
      valueText={(value) => t('gallery.sliderValue', { value })}
    />
  );
}
