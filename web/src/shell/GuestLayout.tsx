import { Outlet } from 'react-router-dom';
import { Header } from './Header';

/** Guest pages (token in the URL): the header only, no side menu, no profile (docs/product/overview.md#guests). */
export function GuestLayout() {
  return (
    <div className="guest-shell">
      <Header guest />
      <main className="guest-shell__content" id="main">
        <Outlet />
      </main>
    </div>
  );
}
