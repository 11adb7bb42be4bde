import { Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useOrgPublic } from '../../hooks/use-org';
import { LanguageSwitcher } from '../../shell/LanguageSwitcher';

/** Sign-in screens: the organization's name and logo above a card. */
export function AuthLayout() {
  const { t } = useTranslation('auth');
  const { org } = useOrgPublic();
  return (
    <div className="auth-layout">
      <div className="auth-layout__lang">
        <LanguageSwitcher />
      </div>
      <div className="auth-layout__brand">
        {org?.logo ? <img src={org.logo} alt="" className="auth-layout__logo" /> : <i className="pi pi-briefcase auth-layout__icon" aria-hidden="true" />}
        <span>{org?.name ?? t('brand')}</span>
      </div>
      <div className="auth-card">
        <Outlet />
      </div>
    </div>
  );
}
