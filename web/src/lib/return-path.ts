/**
 * Where sign-in returns to (docs/product/sign-in.md#returning-to-the-page-you-opened): a page of this app opened while
 * signed out (an invitation's meeting link) is kept as `?next=` on the login page and opened after sign-in. Only a
 * path of this origin under /app/ is accepted: an absolute address, another origin (`//host`, `/\host`), a scheme
 * (`javascript:`), control characters or an /auth/ page are refused (null), and sign-in then goes to the root.
 */
export const NEXT_PARAM = 'next';
const BASE = 'http://return-path.invalid';
const MAX_LENGTH = 2000;

export function safeReturnPath(next: string | null | undefined): string | null {
  if (typeof next !== 'string' || next === '' || next.length > MAX_LENGTH) return null;
  // a single leading slash, then no slash or backslash: '//evil', '/\evil' and '\\evil' name another host
  if (!next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  // control characters and spaces (a tab or newline inside '/\t/evil' is dropped by URL parsers)
  if ([...next].some((c) => c.charCodeAt(0) <= 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    // not a URL at all: nothing to return to
    return null;
  }
  if (url.origin !== BASE) return null;
  if (url.pathname !== '/app' && !url.pathname.startsWith('/app/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** the login page's address that returns to `path` after sign-in (the path is dropped when it is not safe) */
export function loginWithReturn(login: string, path: string): string {
  const safe = safeReturnPath(path);
  // the bare /app is where sign-in goes anyway
  return safe && safe !== '/app' && safe !== '/app/' ? `${login}?${NEXT_PARAM}=${encodeURIComponent(safe)}` : login;
}

/**
 * Single sign-on leaves the site for the identity provider, which returns to /auth/login?secret=... without the
 * `?next=`: the SSO page keeps the safe return path in this tab's session storage before it leaves, and the
 * sign-in takes it back (once) when the address has none.
 */
const SSO_RETURN_KEY = 'sso-return-path';

export function rememberReturnPath(next: string | null | undefined): void {
  const safe = safeReturnPath(next);
  try {
    if (safe) window.sessionStorage.setItem(SSO_RETURN_KEY, safe);
    else window.sessionStorage.removeItem(SSO_RETURN_KEY);
  } catch {
    // storage refused (private mode): sign-in goes to the root
  }
}

export function takeRememberedReturnPath(): string | null {
  try {
    const kept = window.sessionStorage.getItem(SSO_RETURN_KEY);
    window.sessionStorage.removeItem(SSO_RETURN_KEY);
    return safeReturnPath(kept);
  } catch {
    // storage refused: nothing was kept
    return null;
  }
}
