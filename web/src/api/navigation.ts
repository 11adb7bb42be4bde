/**
 * Navigation from outside React (the request layer's redirects). The router registers its navigate
 * function; before that (or in tests without a router) the browser location is used.
 */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;
let current: Navigate | null = null;

export function registerNavigator(fn: Navigate | null): void {
  current = fn;
}

export function navigateTo(to: string): void {
  if (current) current(to, { replace: true });
  else window.location.assign(to);
}
