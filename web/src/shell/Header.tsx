import { useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useTranslation } from 'react-i18next';
import { parseLang } from '@app/contracts';
import type { Profile } from '../api/profile';
import { isThemeHost } from '../lib/host';
import { useTheme } from '../lib/theme';
import { VoiceButton } from '../features/voice/VoiceButton';
import { HeaderSearch } from './HeaderSearch';
import { LanguageSwitcher } from './LanguageSwitcher';
import { OrgSwitcher } from './OrgSwitcher';
import { ProfileMenu } from './ProfileMenu';
import { ThemeDrawer } from './ThemeDrawer';
import { showTour } from './tour';
import { useOnline } from '../hooks/use-online';
import { useOrgPublic } from '../hooks/use-org';

/** manual-{lang}.pdf, served from the web build's public folder */
export function manualUrl(lang: string): string {
  return `/manual-${parseLang(lang)}.pdf`;
}

function HelpMenu() {
  const { t, i18n } = useTranslation('shell');
  const panel = useRef<OverlayPanel>(null);
  return (
    <>
      <Button type="button" icon="pi pi-question-circle" rounded text aria-label={t('header.help')} data-testid="tour-toggle" onClick={(e) => panel.current?.toggle(e)} />
      <OverlayPanel ref={panel}>
        <button
          type="button"
          className="menu-button"
          data-testid="tour-start"
          onClick={() => {
            panel.current?.hide();
            showTour();
          }}
        >
          <i className="pi pi-directions" aria-hidden="true" /> {t('header.showTour')}
        </button>
        <a className="menu-button" href={manualUrl(i18n.language)} download data-testid="manual-download">
          <i className="pi pi-download" aria-hidden="true" /> {t('header.downloadManual')}
        </a>
      </OverlayPanel>
    </>
  );
}

/** Light text on a dark header colour. */
export function isDarkColor(hex: string): boolean {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return false;
  const n = parseInt(m[1], 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b < 140;
}

/** A guest's header names the organization that invited them (the product's name until it is known). */
function GuestBrand() {
  const { t } = useTranslation('shell');
  const { org } = useOrgPublic();
  return (
    <span className="app-header__brand" data-testid="guest-brand">
      <i className="pi pi-building" aria-hidden="true" /> {org?.name ?? t('brand')}
    </span>
  );
}

/** "You are offline" while the browser has no network: said once here, not as a toast per failed request */
export function OfflineStatus() {
  const { t } = useTranslation('shell');
  const online = useOnline();
  if (online) return null;
  return (
    <span className="offline-status" role="status" title={t('offline.statusDetail')} data-testid="offline-status">
      <i className="pi pi-wifi" aria-hidden="true" /> {t('offline.status')}
      <span className="sr-only"> {t('offline.statusDetail')}</span>
    </span>
  );
}

export function Header(props: { guest?: boolean; profile?: Profile; onMenuToggle?: () => void }) {
  const { t } = useTranslation('shell');
  const theme = useTheme();
  const [themeOpen, setThemeOpen] = useState(false);
  const showThemeDrawer = isThemeHost();
  return (
    <header className={`app-header${isDarkColor(theme.headerNavColor) ? ' app-header--dark' : ''}`} style={{ background: theme.headerNavColor }} data-testid="app-header">
      {props.onMenuToggle && <Button type="button" icon="pi pi-bars" rounded text aria-label={t('header.openMenu')} className="app-header__burger" data-testid="menu-toggle" onClick={props.onMenuToggle} />}
      {props.guest ? (
        <GuestBrand />
      ) : (
        <OrgSwitcher />
      )}
      <span className="spacer" />
      <OfflineStatus />
      {!props.guest && <HeaderSearch />}
      {!props.guest && <HelpMenu />}
      {!props.guest && <VoiceButton />}
      <LanguageSwitcher />
      {!props.guest && showThemeDrawer && (
        <>
          <Button type="button" icon="pi pi-cog" rounded text aria-label={t('theme.title')} data-testid="theme-toggle" onClick={() => setThemeOpen(true)} />
          <ThemeDrawer visible={themeOpen} onHide={() => setThemeOpen(false)} />
        </>
      )}
      {!props.guest && <ProfileMenu profile={props.profile} />}
    </header>
  );
}
