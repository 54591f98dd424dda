import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, ChevronDown, Cpu } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PICKER_ASPECT_RATIOS, pickableImageCount, type EngineKind, type EngineOffer } from '@shared/engines';
import { isAspectRatio, UNCHANGED_ASPECT_RATIO, type AspectRatio } from '@shared/generation';
import { formatCents } from '@shared/money';
import { useEngineNames } from '@web/lib/engine-names';
import type { GenerationChoice } from '../hooks/use-generation-choice';

export interface GenerationOptionsProps {
  offers: readonly EngineOffer[];
  choice: GenerationChoice;
  onEngineChange: (engine: EngineKind) => void;
  onAspectRatioChange: (aspectRatio: AspectRatio | null) => void;
  onImageCountChange: (imageCount: number | null) => void;
  disabled?: boolean;
}

const AUTO = 'auto';
const selectClasses = 'h-8 rounded-md border bg-background px-2 text-xs disabled:opacity-60';

/**
 * The composer's picks for the next image: the engine (when the server offers several: each with
 * its price per image and what it can do), the shape and the number of images — only those the
 * chosen engine makes. "As described" leaves both to the words of the request.
 */
export function GenerationOptions({
  offers,
  choice,
  onEngineChange,
  onAspectRatioChange,
  onImageCountChange,
  disabled,
}: GenerationOptionsProps) {
  const { t } = useTranslation('studio');
  const { nameOf } = useEngineNames();
  const shapeId = useId();
  const countId = useId();
  const offer = offers.find((candidate) => candidate.kind === choice.engine) ?? offers[0]!;
  const shapes = PICKER_ASPECT_RATIOS.filter(
    (ratio) => !offer.capabilities.aspectRatios || offer.capabilities.aspectRatios.includes(ratio),
  );
  const maxCount = pickableImageCount(offer.capabilities);

  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('picker.label')} data-testid="generation-options">
      {offers.length > 1 && (
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger
            disabled={disabled}
            className="flex h-8 max-w-full items-center gap-1.5 rounded-md border bg-background px-2 text-xs font-medium disabled:opacity-60"
            data-testid="engine-picker"
          >
            <Cpu className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">{t('picker.engineButton', { engine: nameOf(offer.kind) })}</span>
            <ChevronDown className="size-3.5 shrink-0" aria-hidden="true" />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content
              align="start"
              sideOffset={6}
              className="z-50 w-[min(22rem,calc(100vw-1.5rem))] rounded-xl border bg-background p-1.5 shadow-lg"
              aria-label={t('picker.engineMenu')}
            >
              <DropdownMenu.RadioGroup value={offer.kind} onValueChange={(value) => onEngineChange(value as EngineKind)}>
                {offers.map((candidate) => (
                  <DropdownMenu.RadioItem
                    key={candidate.kind}
                    value={candidate.kind}
                    className="flex cursor-pointer items-start gap-2 rounded-md px-2 py-2 text-sm outline-none focus-ring-inset data-[highlighted]:bg-muted"
                  >
                    <span className="mt-0.5 size-4 shrink-0">
                      <DropdownMenu.ItemIndicator>
                        <Check className="size-4" aria-hidden="true" />
                      </DropdownMenu.ItemIndicator>
                    </span>
                    <span className="flex min-w-0 flex-col">
                      <span className="flex flex-wrap items-baseline gap-x-2">
                        <span className="font-medium">{nameOf(candidate.kind)}</span>
                        <span className="text-xs text-muted-foreground">
                          {candidate.pricePerImageCents === 0
                            ? t('picker.free')
                            : t('picker.pricePerImage', { price: formatCents(candidate.pricePerImageCents) })}
                        </span>
                      </span>
                      <span className="text-xs text-muted-foreground">{abilitiesOf(candidate, t)}</span>
                    </span>
                  </DropdownMenu.RadioItem>
                ))}
              </DropdownMenu.RadioGroup>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      )}
      <label htmlFor={shapeId} className="sr-only">
        {t('picker.shape')}
      </label>
      <select
        id={shapeId}
        className={selectClasses}
        value={choice.aspectRatio ?? AUTO}
        disabled={disabled}
        onChange={(event) => onAspectRatioChange(isAspectRatio(event.target.value) ? event.target.value : null)}
        data-testid="shape-picker"
      >
        <option value={AUTO}>{t('picker.shapeAuto')}</option>
        {shapes.map((ratio) => (
          <option key={ratio} value={ratio}>
            {ratio === UNCHANGED_ASPECT_RATIO ? t('picker.original') : ratio}
          </option>
        ))}
      </select>
      <label htmlFor={countId} className="sr-only">
        {t('picker.count')}
      </label>
      <select
        id={countId}
        className={selectClasses}
        value={choice.imageCount ?? AUTO}
        disabled={disabled}
        onChange={(event) => onImageCountChange(event.target.value === AUTO ? null : Number(event.target.value))}
        data-testid="count-picker"
      >
        <option value={AUTO}>{t('picker.countAuto')}</option>
        {Array.from({ length: maxCount }, (_, index) => index + 1).map((count) => (
          <option key={count} value={count}>
            {t('picker.countValue', { count })}
          </option>
        ))}
      </select>
    </div>
  );
}

/** "New pictures, photo edits · up to 4 images at a time". */
function abilitiesOf(offer: EngineOffer, t: (key: string, options?: Record<string, unknown>) => string): string {
  const { textToImage, edit, aspectRatios } = offer.capabilities;
  const tasks = [textToImage ? t('picker.canGenerate') : null, edit ? t('picker.canEdit') : null].filter(Boolean).join(', ');
  const limits = [t('picker.upTo', { count: pickableImageCount(offer.capabilities) }), aspectRatios ? t('picker.someShapes') : null]
    .filter(Boolean)
    .join(', ');
  const models = [...new Set([textToImage?.model, edit?.model].filter((model): model is string => !!model))].join(', ');
  return [tasks.charAt(0).toUpperCase() + tasks.slice(1), limits, models].filter(Boolean).join(' · ');
}
