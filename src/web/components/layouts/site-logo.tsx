import { Link } from 'react-router';
import { paths } from '@shared/paths';
import { usePublicConfig } from '@web/lib/public-config';

export function SiteLogo() {
  const { appName } = usePublicConfig();
  return (
    <Link to={paths.home.getHref()} className="flex shrink-0 items-center gap-2 rounded-lg text-lg font-bold tracking-tight">
      <img src="/favicon.svg" alt="" width={28} height={28} className="h-7 w-7" />
      <span>{appName}</span>
    </Link>
  );
}
