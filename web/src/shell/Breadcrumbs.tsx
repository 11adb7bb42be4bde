import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../routes';

export interface Crumb {
  label: string;
  to: string | null;
}

/** Breadcrumbs come from the path (docs/product/overview.md#screens-and-routes): /app/settings/organization/users -> Settings / Organization / Users. */
export function crumbsOf(pathname: string, label: (segment: string) => string): Crumb[] {
  const parts = pathname.split('/').filter(Boolean);
  if (parts[0] !== 'app') return [];
  const out: Crumb[] = [];
  let acc = '/app';
  parts.slice(1).forEach((segment, i, all) => {
    acc += `/${segment}`;
    out.push({ label: /^\d+$/.test(segment) ? `#${segment}` : label(segment), to: i === all.length - 1 ? null : acc });
  });
  return out;
}

export function Breadcrumbs() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const crumbs = crumbsOf(decodeURIComponent(pathname), (s) => t(`crumb.${s}`, { defaultValue: s.replace(/[-_]/g, ' ') }));
  if (!crumbs.length) return null;
  return (
    <nav className="breadcrumbs" aria-label={t('crumb.label')} data-testid="breadcrumbs">
      <ol>
        <li>
          <Link to={ROUTES.app} aria-label={t('crumb.app')}>
            <i className="pi pi-home" aria-hidden="true" />
          </Link>
        </li>
        {crumbs.map((c, i) => (
          <li key={i}>
            <span className="breadcrumbs__sep" aria-hidden="true">/</span>
            {c.to ? <Link to={c.to}>{c.label}</Link> : <span aria-current="page">{c.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
