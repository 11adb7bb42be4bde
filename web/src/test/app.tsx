import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { Providers } from '../App';
import { AppRoutes } from '../router';
import { LocationProbe } from './render';

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

export function profileBody(permissions: string[], extra: Record<string, unknown> = {}) {
  return {
    success: true,
    data: {
      id: 1,
      name: 'Ada Admin',
      email: 'ada@example.com',
      phone: '123',
      position: 'Chair',
      designation: null,
      birth_date: null,
      image: null,
      role: { id: 1, name: 'Admin' },
      permissions: permissions.map((slug) => ({ slug })),
      pin: false,
      two_factor: false,
      ...extra,
    },
  };
}
