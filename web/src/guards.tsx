import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { registerNavigator } from './api/navigation';
import { session } from './api/session';
import { Loading } from './components/Loading';
import { useModules } from './hooks/use-org';
import { useToken } from './hooks/use-session';
import { hasUrlToken, isPortalHost } from './lib/host';
import { loginWithReturn } from './lib/return-path';
import { savedOrgs } from './lib/saved-orgs';
import { appHome, isPathDisabled, portalHostTarget, ROUTES } from './routes';

/** Lets the request layer navigate (401/403, idle logout) through the router. */
export function NavigatorBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigator((to, opts) => navigate(to, opts));
    return () => registerNavigator(null);
  }, [navigate]);
  return <Outlet />;
}

/** Organization host mode (docs/product/sign-in.md#organization-portal): on org.<domain> only the organization entry and portal exist. */
export function PortalHostGate() {
  const { pathname } = useLocation();
  if (!isPortalHost()) return <Outlet />;
  const target = portalHostTarget(pathname, savedOrgs().length > 0);
  return target ? <Navigate to={target} replace /> : <Outlet />;
}

/** Organization modules: 409/404 -> /409; a path containing a disabled module's name -> /404. */
export function ModulesGate() {
  const { pathname } = useLocation();
  const { modules, loading, conflict } = useModules();
  if (isPortalHost()) return <Outlet />;
  if (conflict) return <Navigate to={ROUTES.conflict} replace />;
  if (loading) return <Loading />;
  if (isPathDisabled(pathname, modules.disabledRoutes)) return <Navigate to={ROUTES.notFound} replace />;
  return <Outlet />;
}

/** /app requires a sign-in token, otherwise the login page (docs/product/overview.md#screens-and-routes). */
export function RequireAuth() {
  const token = useToken();
  const location = useLocation();
  const expired = token !== null && session.isIdleExpired();
  // a page opened signed out is kept for after sign-in; a session that ends here (sign-out) goes to the plain login
  const [arrivedSignedIn] = useState(() => token !== null && !expired);
  useEffect(() => {
    if (expired) session.clear();
  }, [expired]);
  // the page asked for is kept (?next=, same-origin /app/ paths only) and opened after sign-in
  if (!token || expired) return <Navigate to={arrivedSignedIn ? ROUTES.login : loginWithReturn(ROUTES.login, location.pathname + location.search + location.hash)} replace />;
  return <Outlet />;
}

/** /app -> /app/activity/approvals when 'home' is disabled, else /app/dashboards (-> home). */
export function AppIndexRedirect() {
  const { modules } = useModules();
  return <Navigate to={appHome(modules.disabledRoutes)} replace />;
}

/** A guest token in a meeting link signs the current user out first (docs/product/sign-in.md#sessions-sign-out-and-idle-logout). */
export function GuestTokenGate() {
  const { search } = useLocation();
  const done = useRef(false);
  useLayoutEffect(() => {
    if (done.current) return;
    done.current = true;
    if (hasUrlToken(search) && session.token()) session.clear();
  }, [search]);
  return <Outlet />;
}
