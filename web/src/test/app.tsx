import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { Providers } from '../App';
import { AppRoutes } from '../router';
import { LocationProbe } from './render';
import { aProfile } from './contract-fixtures';
import type { Profile } from '../api/profile';

/** The whole route table at `path` (fresh SWR cache). */
export function renderApp(path: string) {
  return render(
    <Providers>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <LocationProbe />
        </MemoryRouter>
      </SWRConfig>
    </Providers>,
  );
}

/** Desktop (≥ lg) or mobile for the shell's media query. */
export function setDesktop(desktop: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: desktop && query.includes('min-width'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

/** GET /api/profile of a user holding these permission slugs (a contract-typed answer). */
export function profileBody(permissions: string[], extra: Partial<Profile> = {}) {
  return { success: true, data: aProfile({ permissions: permissions.map((slug) => ({ slug })), ...extra }) };
}
