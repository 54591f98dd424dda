import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@web/lib/cn';
import type { Sample, SampleOutput } from '../samples';
import { BeforeAfterSlider } from './before-after-slider';
import { CopyPromptButton } from './copy-prompt-button';
import { SampleCarousel } from './sample-carousel';
import { LoadPicturesNearScreen } from './sample-picture';

export function SampleCard({ sample, desktop }: { sample: Sample; desktop: boolean }) {
  const { t } = useTranslation('marketing');
  const titleId = useId();
  const [outputIndex, setOutputIndex] = useState(0);
  const output = sample.outputs[outputIndex] ?? sample.outputs[0]!;
  const title = t(`samples.${sample.id}.title`);
  const labelOf = (o: SampleOutput) => t(`samples.${sample.id}.outputs.${o.key}`);
  const tags = t(`samples.${sample.id}.tags`, { returnObjects: true }) as string[];
  const beforeAlt = t('gallery.beforeAlt', { title });
  const afterAlt = (o: SampleOutput) => t('gallery.afterAlt', { title, label: labelOf(o) });

  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col overflow-hidden rounded-2xl border bg-background shadow-sm"
      data-testid="sample-card"
    >
      <LoadPicturesNearScreen>
        {desktop ? (
          <BeforeAfterSlider
            before={{ src: sample.input.path, alt: beforeAlt }}
            after={{ src: output.path, alt: afterAlt(output) }}
            afterLabel={labelOf(output)}
            label={title}
            width={sample.input.width}
            height={sample.input.height}
          />
        ) : (
          <SampleCarousel
            label={title}
            width={sample.input.width}
            height={sample.input.height}
            slides={[
              { src: sample.input.path, alt: beforeAlt, label: t('gallery.before') },
              ...sample.outputs.map((o) => ({ src: o.path, alt: afterAlt(o), label: labelOf(o) })),
            ]}
          />
        )}
      </LoadPicturesNearScreen>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <p className="text-xs font-semibold tracking-wide text-primary uppercase" data-testid="sample-category">
          {t(`gallery.categories.${sample.category}`)}
        </p>
        <h3 id={titleId} className="text-lg font-semibold">
          {title}
        </h3>
        <p className="text-sm text-muted-foreground">{t(`samples.${sample.id}.description`)}</p>
        {desktop && sample.outputs.length > 1 && (
          <div role="group" aria-label={t('gallery.chooseResult')} className="flex flex-wrap gap-2">
            {sample.outputs.map((o, index) => (
              <button
                key={o.path}
                type="button"
                aria-pressed={index === outputIndex}
                onClick={() => setOutputIndex(index)}
                className={cn(
                  'h-8 rounded-full border px-3 text-sm',
                  index === outputIndex ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-muted',
                )}
              >
                {labelOf(o)}
              </button>
            ))}
          </div>
        )}
        <div className="mt-auto flex items-start justify-between gap-3 rounded-xl bg-muted p-3">
          <p className="text-sm">
            <span className="block text-xs font-semibold text-muted-foreground">{t('gallery.prompt')}</span>
            <q>{sample.prompt}</q>
          </p>
          <CopyPromptButton prompt={sample.prompt} title={title} />
        </div>
        <ul aria-label={t('gallery.tags')} className="flex flex-wrap gap-1.5">
          {tags.map((tag) => (
            <li key={tag} className="rounded-full border px-2 py-0.5 text-xs text-muted-foreground">
              {tag}
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}
