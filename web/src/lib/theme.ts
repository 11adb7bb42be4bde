import { useSyncExternalStore } from 'react';

/** The theme is stored locally (docs/product/overview.md#languages-and-theme). */
export interface ThemeState {
  navCollapsed: boolean;
  sideNavTheme: 'light' | 'dark';
  locale: string;
  navType: 'side' | 'top';
  topNavColor: string;
  headerNavColor: string;
  mobileNav: boolean;
  currentTheme: 'light' | 'dark';
  direction: 'ltr' | 'rtl';
  showTour: boolean;
}

export const THEME_KEY = 'theme';
export const TOUR_SEEN_KEY = 'tour_seen';

export const DEFAULT_THEME: ThemeState = {
  navCollapsed: false,
  sideNavTheme: 'light',
  locale: 'en',
  navType: 'side',
  topNavColor: '#3e82f7',
  headerNavColor: '#ffffff',
  mobileNav: false,
  currentTheme: 'light',
  direction: 'ltr',
  showTour: false,
};

function load(): ThemeState {
  try {
    const raw = window.localStorage.getItem(THEME_KEY);
    return raw ? { ...DEFAULT_THEME, ...(JSON.parse(raw) as Partial<ThemeState>) } : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

let state: ThemeState = load();
const listeners = new Set<() => void>();

export function getTheme(): ThemeState {
  return state;
}

export function setTheme(patch: Partial<ThemeState>): void {
  state = { ...state, ...patch };
  try {
    window.localStorage.setItem(THEME_KEY, JSON.stringify(state));
  } catch {
    /* not persisted */
  }
  for (const l of [...listeners]) l();
}

/** re-read storage (tests) */
export function reloadTheme(): void {
  state = load();
  for (const l of [...listeners]) l();
}

export function useTheme(): ThemeState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getTheme,
    getTheme,
  );
}
