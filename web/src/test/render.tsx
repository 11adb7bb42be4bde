import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { Providers } from '../App';

/** Shows the current path so tests can assert redirects. */
export function LocationProbe() {
  const loc = useLocation();
  return <div data-testid="location">{loc.pathname + loc.search}</div>;
}

/** Render inside the app's providers and a memory router (fresh SWR cache per test). */
export function renderWithApp(ui: ReactElement, opts: { path?: string; route?: string } = {}) {
  const path = opts.path ?? '/';
  return render(
    <Providers>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={opts.route ?? '*'} element={ui} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </SWRConfig>
    </Providers>,
  );
}
