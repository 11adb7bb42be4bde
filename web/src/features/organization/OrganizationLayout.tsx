import type { ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { useCan, useProfile } from '../../hooks/use-profile';
import { ROUTES } from '../../routes';

/** The administration tabs and the slug each needs (the organization service checks the same slugs). */
export const ORG_TABS: ReadonlyArray<{ key: string; path: string; icon: string; slug?: string }> = [
  { key: 'information', path: ROUTES.orgInformation, icon: 'pi pi-info-circle' },
  { key: 'users', path: ROUTES.orgUsers, icon: 'pi pi-users', slug: 'users_manage' },
  { key: 'roles', path: ROUTES.orgRoles, icon: 'pi pi-shield', slug: 'roles_manage' },
  { key: 'committees', path: ROUTES.orgCommittees, icon: 'pi pi-sitemap' },
  { key: 'boards', path: ROUTES.orgBoards, icon: 'pi pi-th-large' },
  { key: 'logs', path: ROUTES.orgLogs, icon: 'pi pi-history', slug: 'logs_show' },
];

/** A screen the role may not use says so instead of calling the API (a 403 would sign the user out). */
export function RequirePermission(props: { slug: string; children: ReactNode }) {
  const { t } = useTranslation('organization');
  const can = useCan();
  const { data: profile } = useProfile();
  if (!profile) return <Loading />;
  if (!can(props.slug)) return <EmptyState icon="pi pi-lock" title={t('noPermission')} description={t('noPermissionText')} testId="no-permission" />;
  return <>{props.children}</>;
}

/** Organization administration, shown to roles holding `organization_information` (from the profile). */
export function OrganizationLayout() {
  const { t } = useTranslation('organization');
  const { data: profile } = useProfile();
  const can = useCan();
  if (!profile) return <Loading />;
  if (!can('organization_information')) {
    return <EmptyState icon="pi pi-lock" title={t('noPermission')} description={t('noPermissionText')} testId="organization-forbidden" />;
  }
  return (
    <div data-testid="organization-settings">
      <PageHeader title={t('title')} />
      <nav className="tab-links" aria-label={t('title')}>
        {ORG_TABS.filter((tab) => !tab.slug || can(tab.slug)).map((tab) => (
          <NavLink key={tab.key} to={tab.path} className={({ isActive }) => `tab-links__link${isActive ? ' tab-links__link--active' : ''}`} data-testid={`org-tab-${tab.key}`}>
            <i className={tab.icon} aria-hidden="true" /> {t(`tab.${tab.key}`)}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
