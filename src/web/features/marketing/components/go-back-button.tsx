import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@shared/paths';
import { buttonClasses } from '@web/components/ui/button';

/** Back to where the visitor came from within the app; home when this page was opened directly. */
export function GoBackButton() {
  const { t } = useTranslation('marketing');
  const navigate = useNavigate();
  // React Router gives the first entry of this tab's app history the key 'default'.
  const hasAppHistory = useLocation().key !== 'default';
  return (
    <button
      type="button"
      className={buttonClasses('outline', 'md')}
      onClick={() => (hasAppHistory ? void navigate(-1) : void navigate(paths.home.getHref()))}
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('goBack')}
    </button>
  );
}
