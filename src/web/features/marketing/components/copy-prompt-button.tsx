import { Copy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { copyText } from '@web/lib/copy-text';

export function CopyPromptButton({ prompt, title }: { prompt: string; title: string }) {
  const { t } = useTranslation('marketing');
  const onCopy = async () => {
    let copied = true;
    try {
      await copyText(prompt);
    } catch {
      copied = false;
    }
    // The toast code is not part of the landing page's first download; it loads on the first copy.
    const { toast } = await import('sonner');
    if (copied) toast.success(t('gallery.promptCopied'));
    else toast.error(t('gallery.promptCopyFailed'));
  };
  return (
    <button
      type="button"
      onClick={() => void onCopy()}
      aria-label={t('gallery.copyPromptOf', { title })}
      className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-lg border bg-background px-3 text-sm font-medium hover:bg-muted"
    >
      <Copy aria-hidden="true" className="size-4" />
      {t('gallery.copyPrompt')}
    </button>
  );
}
