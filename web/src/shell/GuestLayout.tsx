import { Outlet } from 'react-router-dom';
import { Header } from './Header';
import { MAIN_ID, SkipLink, useRouteFocus } from './SkipLink';

/** Guest pages (token in the URL): the header only, no side menu, no profile (docs/product/overview.md#guests). */
export function GuestLayout() {
  useRouteFocus();
  return (
    <div className="guest-shell">
      <SkipLink />
      <Header guest />
      <main className="guest-shell__content" id={MAIN_ID}>
        <Outlet />
      </main>
    </div>
  );
}
