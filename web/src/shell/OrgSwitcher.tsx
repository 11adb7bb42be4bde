import { useRef } from 'react';
import { Button } from 'primereact/button';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useTranslation } from 'react-i18next';
import { useOrgPublic } from '../hooks/use-org';
import { currentOrgSlug, hostInfo, urlOfOrg } from '../lib/host';
import { savedOrgs } from '../lib/saved-orgs';
import { ROUTES } from '../routes';

/** The header's organization switcher: this organization and the saved ones (cookie on the parent domain). */
export function OrgSwitcher() {
  const { t } = useTranslation('shell');
  const panel = useRef<OverlayPanel>(null);
  const slug = currentOrgSlug();
  const { org: current } = useOrgPublic();
  const saved = savedOrgs();
  const others = saved.filter((o) => o.slug !== slug);
  // offline (or before the answer) the name kept when the user signed in here, never the bare slug when it is known
  const savedName = saved.find((o) => o.slug === slug)?.name || null;
  const info = hostInfo();
  const shown = current?.name ?? savedName ?? (slug || t('header.organization'));
  const portalUrl = `${info.protocol}//org.${info.parentHost}${ROUTES.organizationPortals}`;

  return (
    <>
      <Button
        type="button"
        text
        className="org-switcher"
        data-testid="org-switcher"
        data-tour="org-switch"
        aria-haspopup="true"
        // the name stays when the visible one is hidden (below 992 px), with what the button does; it starts with the visible text
        aria-label={`${shown}, ${t('header.switchOrganization')}`}
        onClick={(e) => panel.current?.toggle(e)}
      >
        {current?.logo ? <img src={current.logo} alt="" className="org-switcher__logo" /> : <i className="pi pi-building" aria-hidden="true" />}
        <span className="org-switcher__name">{shown}</span>
        <i className="pi pi-angle-down" aria-hidden="true" />
      </Button>
      <OverlayPanel ref={panel} className="org-switcher__panel">
        <div className="org-switcher__title">{t('header.switchOrganization')}</div>
        <ul className="org-switcher__list">
          {others.length === 0 && <li className="muted">{t('header.noOtherOrganizations')}</li>}
          {others.map((o) => (
            <li key={o.slug}>
              <a href={urlOfOrg(o.slug, ROUTES.login, info)} data-testid={`org-option-${o.slug}`}>
                <i className="pi pi-building" aria-hidden="true" /> {o.name || o.slug}
              </a>
            </li>
          ))}
        </ul>
        {info.firstLabel !== '' && (
          <a href={portalUrl} className="org-switcher__manage">
            {t('header.allOrganizations')}
          </a>
        )}
      </OverlayPanel>
    </>
  );
}
