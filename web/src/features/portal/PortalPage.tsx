import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { checkOrganization } from '../../api/organization';
import { EmptyState } from '../../components/EmptyState';
import { useApi } from '../../hooks/use-api';
import { hostInfo, originOfOrg, urlOfOrg } from '../../lib/host';
import { removeSavedOrg, savedOrgs, type SavedOrg } from '../../lib/saved-orgs';
import { ROUTES } from '../../routes';

function PortalCard(props: { org: SavedOrg; selected?: boolean; onSelect?: () => void; onRemove: () => void }) {
  const { t } = useTranslation('portal');
  const origin = originOfOrg(props.org.slug, hostInfo());
  // each saved organization answers its current name and logo at {origin}/api/
  const { data } = useApi('org-check', [props.org.slug], () => checkOrganization(origin), { revalidateOnFocus: false });
  const name = data?.kind === 'ok' ? data.name : props.org.name || props.org.slug;
  const logo = data?.kind === 'ok' ? data.logo : props.org.logo;
  const invalid = data !== undefined && data.kind !== 'ok';
  return (
    <li className={`portal-card${props.selected ? ' portal-card--selected' : ''}`} data-testid={`portal-${props.org.slug}`}>
      <button type="button" className="portal-card__body" onClick={props.onSelect} aria-pressed={props.selected}>
        {logo ? <img src={logo} alt="" className="portal-card__logo" /> : <i className="pi pi-building portal-card__icon" aria-hidden="true" />}
        <span>
          <strong>{name}</strong>
          <small className="muted">{origin.replace(/^https?:\/\//, '')}</small>
          {invalid && <small className="p-error">{t('portal.unreachable')}</small>}
        </span>
      </button>
      <div className="portal-card__actions">
        <Button type="button" label={t('portal.launch')} size="small" data-testid={`portal-launch-${props.org.slug}`} onClick={() => window.location.assign(urlOfOrg(props.org.slug, ROUTES.login))} />
        <Button type="button" icon="pi pi-times" rounded text severity="secondary" aria-label={t('portal.remove', { name })} onClick={props.onRemove} />
      </div>
    </li>
  );
}

/** /auth/organization-portals and /auth/choose-portal: the saved organizations, launch and add another. */
export function PortalPage(props: { variant: 'portals' | 'choose' }) {
  const { t } = useTranslation('portal');
  const [orgs, setOrgs] = useState<SavedOrg[]>(() => savedOrgs());
  const [selected, setSelected] = useState<string | null>(orgs[0]?.slug ?? null);
  const chosen = orgs.find((o) => o.slug === selected);
  return (
    <div data-testid="portal-page">
      <h1 className="auth-card__title">{t(props.variant === 'choose' ? 'portal.chooseTitle' : 'portal.title')}</h1>
      {orgs.length === 0 ? (
        <EmptyState icon="pi pi-building" title={t('portal.empty')} description={t('portal.emptyText')} compact />
      ) : (
        <ul className="portal-list">
          {orgs.map((o) => (
            <PortalCard key={o.slug} org={o} selected={props.variant === 'choose' && o.slug === selected} onSelect={() => setSelected(o.slug)} onRemove={() => setOrgs(removeSavedOrg(o.slug))} />
          ))}
        </ul>
      )}
      {props.variant === 'choose' && chosen && (
        <Button type="button" label={t('portal.launchChosen', { name: chosen.name || chosen.slug })} className="w-full" onClick={() => window.location.assign(urlOfOrg(chosen.slug, ROUTES.login))} />
      )}
      <div className="form-row form-row--center">
        <Link to={ROUTES.organization} data-testid="portal-add">
          <i className="pi pi-plus" aria-hidden="true" /> {t('portal.add')}
        </Link>
      </div>
    </div>
  );
}
