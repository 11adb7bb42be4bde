import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Sidebar } from 'primereact/sidebar';
import { AppPaths } from '@app/contracts';
import { session } from '../api/session';
import { navigateTo } from '../api/navigation';
import { useIsDesktop } from '../hooks/use-media';
import { useModules } from '../hooks/use-org';
import { useGrants, useProfile } from '../hooks/use-profile';
import { useTheme } from '../lib/theme';
import { Breadcrumbs } from './Breadcrumbs';
import { Header } from './Header';
import { SideMenu } from './SideMenu';
import { MAIN_ID, SkipLink, useRouteFocus } from './SkipLink';
import { Tour } from './Tour';

/** How often the shell looks at the idle clock (the request layer checks it on every call too). */
const IDLE_CHECK_MS = 60_000;

/** The signed-in application: side menu (a drawer below lg), header, breadcrumbs, content. */
export function AppShell() {
  const desktop = useIsDesktop();
  const theme = useTheme();
  const { pathname } = useLocation();
  const [drawer, setDrawer] = useState(false);
  const { data: profile } = useProfile();
  const { modules } = useModules();
  const grants = useGrants();

  useEffect(() => setDrawer(false), [pathname]);
  useRouteFocus();
  useEffect(() => {
    const id = window.setInterval(() => {
      if (session.isIdleExpired()) {
        session.clear();
        navigateTo(AppPaths.login());
      }
    }, IDLE_CHECK_MS);
    return () => window.clearInterval(id);
  }, []);

  const menu = (onNavigate?: () => void, testId?: string) => (
    <SideMenu grants={grants} disabledRoutes={modules.disabledRoutes} collapsed={desktop && theme.navCollapsed} onNavigate={onNavigate} testId={testId} />
  );

  return (
    <div className={`app-shell app-shell--nav-${theme.sideNavTheme} app-shell--${theme.currentTheme}${desktop && theme.navCollapsed ? ' app-shell--collapsed' : ''}`}>
      <SkipLink />
      {desktop ? (
        <aside className="app-shell__aside">{menu()}</aside>
      ) : (
        <Sidebar visible={drawer} onHide={() => setDrawer(false)} position={theme.direction === 'rtl' ? 'right' : 'left'} className="app-shell__drawer" data-testid="menu-drawer">
          {menu(() => setDrawer(false))}
        </Sidebar>
      )}
      <div className="app-shell__main">
        <Header profile={profile} onMenuToggle={desktop ? undefined : () => setDrawer(true)} />
        <Breadcrumbs />
        <main className="app-shell__content" id={MAIN_ID}>
          <Outlet />
        </main>
      </div>
      <Tour autoStart={desktop} />
    </div>
  );
}
