import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
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
import { useMediaQuery } from '../hooks/use-media';

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
      <i className="pi pi-wifi" aria-hidden="true" /> <span className="offline-status__text">{t('offline.status')}</span>
      <span className="sr-only"> {t('offline.statusDetail')}</span>
    </span>
  );
}

/** below this width the header is a phone's (docs/accessibility.md, "Phones and tablets"): search and the secondary buttons fold */
export const PHONE_HEADER_QUERY = '(max-width: 599px)';

/**
 * A phone's search: a button that opens a full-width row under the header holding the search box. The box takes the
 * focus; Escape, the row's close button and a search close it and give the focus back to the button.
 */
function PhoneSearch() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const close = useCallback(() => {
    setOpen(false);
    document.getElementById('header-search-toggle')?.focus();
  }, []);
  return (
    <>
      <Button
        type="button" id="header-search-toggle" icon={open ? 'pi pi-times' : 'pi pi-search'} rounded text className="app-header__tool"
        aria-label={t('header.search')} aria-expanded={open} aria-controls="header-search-row" data-testid="header-search-toggle"
        onClick={() => (open ? close() : setOpen(true))}
      />
      {open && (
        <div className="header-search-row" id="header-search-row" data-testid="header-search-row">
          <HeaderSearch onClose={close} />
          <Button type="button" icon="pi pi-times" rounded text className="app-header__tool" aria-label={t('header.closeSearch')} data-testid="header-search-close" onClick={close} />
        </div>
      )}
    </>
  );
}

/**
 * A phone's "More": the help (the tour, the manual), the voice command and the theme settings in one list that the
 * button shows and hides (a disclosure: aria-expanded, the focus on the first entry, Escape or a click outside closes).
 * The list stays mounted while hidden, so a voice command that is listening, or its typed fallback, carries on.
 */
function PhoneMore(props: { showTheme: boolean; onTheme: () => void }) {
  const { t, i18n } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const wrap = useRef<HTMLSpanElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('button, a')?.focus();
    const outside = (e: PointerEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  const close = () => {
    setOpen(false);
    document.getElementById('header-more-toggle')?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    }
  };
  return (
    <span className="header-more" ref={wrap} onKeyDown={onKeyDown}>
      <Button
        type="button" id="header-more-toggle" icon="pi pi-ellipsis-v" rounded text className="app-header__tool" aria-label={t('header.more')}
        aria-expanded={open} aria-controls="header-more-list" data-testid="header-more" onClick={() => setOpen((o) => !o)}
      />
      <div className="header-more__panel" id="header-more-list" ref={panel} style={open ? undefined : { display: 'none' }} data-testid="header-more-list">
        <button
          type="button"
          className="menu-button"
          data-testid="tour-start"
          onClick={() => {
            setOpen(false);
            showTour();
          }}
        >
          <i className="pi pi-directions" aria-hidden="true" /> {t('header.showTour')}
        </button>
        <a className="menu-button" href={manualUrl(i18n.language)} download data-testid="manual-download" onClick={() => setOpen(false)}>
          <i className="pi pi-download" aria-hidden="true" /> {t('header.downloadManual')}
        </a>
        <VoiceButton asMenuItem />
        {props.showTheme && (
          <button
            type="button"
            className="menu-button"
            data-testid="theme-toggle"
            onClick={() => {
              setOpen(false);
              props.onTheme();
            }}
          >
            <i className="pi pi-cog" aria-hidden="true" /> {t('theme.title')}
          </button>
        )}
      </div>
    </span>
  );
}

export function Header(props: { guest?: boolean; profile?: Profile; onMenuToggle?: () => void }) {
  const { t } = useTranslation('shell');
  const theme = useTheme();
  const [themeOpen, setThemeOpen] = useState(false);
  const showThemeDrawer = isThemeHost();
  const phone = useMediaQuery(PHONE_HEADER_QUERY);
  const member = !props.guest;
  return (
    <header className={`app-header${isDarkColor(theme.headerNavColor) ? ' app-header--dark' : ''}${phone ? ' app-header--phone' : ''}`} style={{ background: theme.headerNavColor }} data-testid="app-header">
      {props.onMenuToggle && <Button type="button" icon="pi pi-bars" rounded text aria-label={t('header.openMenu')} className="app-header__burger app-header__tool" data-testid="menu-toggle" onClick={props.onMenuToggle} />}
      {props.guest ? (
        <GuestBrand />
      ) : (
        <OrgSwitcher />
      )}
      <span className="spacer" />
      <OfflineStatus />
      {member && (phone ? <PhoneSearch /> : <HeaderSearch />)}
      {member && !phone && <HelpMenu />}
      {member && !phone && <VoiceButton />}
      {member && phone && <PhoneMore showTheme={showThemeDrawer} onTheme={() => setThemeOpen(true)} />}
      <LanguageSwitcher />
      {member && showThemeDrawer && !phone && (
        <Button type="button" icon="pi pi-cog" rounded text aria-label={t('theme.title')} data-testid="theme-toggle" onClick={() => setThemeOpen(true)} />
      )}
      {member && showThemeDrawer && <ThemeDrawer visible={themeOpen} onHide={() => setThemeOpen(false)} />}
      {member && <ProfileMenu profile={props.profile} />}
    </header>
  );
}
