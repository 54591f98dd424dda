import { Lightbulb, Palette, Type, Upload } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The four cards; those about photos open the file picker as well as filling the composer. */
const TIPS = [
  { key: 'upload', icon: Upload, pickPhotos: true },
  { key: 'describe', icon: Type, pickPhotos: false },
  { key: 'styles', icon: Palette, pickPhotos: true },
  { key: 'refine', icon: Lightbulb, pickPhotos: false },
] as const;

interface WelcomePanelProps {
  /** Puts a card's starting request in the composer. */
  onStart?: ((text: string) => void) | undefined;
  /** The photos picked from a photo card. */
  onPhotos?: ((files: File[]) => void) | undefined;
}

/** Shown on a new session: a greeting and four cards, each starting a request. */
export function WelcomePanel({ onStart, onPhotos }: WelcomePanelProps) {
  const { t } = useTranslation('studio');
  const picker = useRef<HTMLInputElement>(null);
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center gap-6 py-8 text-center" aria-labelledby="welcome-title">
      <div>
        <h2 id="welcome-title" className="text-xl font-bold">
          {t('welcome.title')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('welcome.subtitle')}</p>
      </div>
      <input
        ref={picker}
        type="file"
        accept="image/*"
        multiple
        hidden
        data-testid="welcome-file-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // The same file can be picked again later.
          event.target.value = '';
          if (files.length > 0) onPhotos?.(files);
        }}
      />
      <ul className="grid w-full gap-3 sm:grid-cols-2">
        {TIPS.map(({ key, icon: Icon, pickPhotos }) => (
          <li key={key} className="flex">
            <button
              type="button"
              className="flex w-full gap-3 rounded-xl border p-4 text-left transition-colors hover:border-primary hover:bg-muted disabled:pointer-events-none"
              disabled={!onStart}
              onClick={() => {
                onStart?.(t(`chatUi.starters.${key}`));
                if (pickPhotos) picker.current?.click();
              }}
            >
              <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <span>
                <span className="block text-sm font-semibold">{t(`welcome.tips.${key}.title`)}</span>
                <span className="mt-1 block text-xs text-muted-foreground">{t(`welcome.tips.${key}.body`)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
