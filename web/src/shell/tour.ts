import { useSyncExternalStore } from 'react';
import { TOUR_SEEN_KEY } from '../lib/theme';

/**
 * The guided tour (docs/product/overview.md#screens-and-routes): organization switch, side menu, meetings page, upcoming meetings,
 * widget, calendar and agenda. Shown once (flag in local storage); the header can show it again.
 */
export interface TourStep {
  key: string;
  /** data-tour attribute of the element to point at; missing elements centre the card */
  target: string;
}

export const TOUR_STEPS: TourStep[] = [
  { key: 'orgSwitch', target: 'org-switch' },
  { key: 'sideMenu', target: 'side-menu' },
  { key: 'meetings', target: 'menu-meetings' },
  { key: 'upcoming', target: 'upcoming-meetings' },
  { key: 'widget', target: 'widget' },
  { key: 'calendar', target: 'menu-calendar' },
  { key: 'agenda', target: 'my-agenda' },
];

let open = false;
const listeners = new Set<() => void>();
function emit() {
  for (const l of [...listeners]) l();
}

export function tourSeen(): boolean {
  try {
    return window.localStorage.getItem(TOUR_SEEN_KEY) === '1';
  } catch {
    return true;
  }
}
export function markTourSeen(): void {
  try {
    window.localStorage.setItem(TOUR_SEEN_KEY, '1');
  } catch {
    /* ignore */
  }
}
export function showTour(): void {
  open = true;
  emit();
}
export function closeTour(): void {
  open = false;
  markTourSeen();
  emit();
}
export function useTourOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
    () => false,
  );
}
