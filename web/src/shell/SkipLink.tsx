import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';

/** the id of the main content of every layout (AppShell, GuestLayout) */
export const MAIN_ID = 'main';

/** where the focus goes in the main content: its heading once the page has drawn it, else the content itself */
function focusMain(): boolean {
  const main = document.getElementById(MAIN_ID);
  if (!main) return false;
  const heading = main.querySelector<HTMLElement>('h1');
  const target = heading ?? main;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
  return !!heading;
}

/**
 * The first stop of the keyboard on every page (WCAG 2.4.1): a link, shown when focused, that moves the focus to the main
 * content's heading. Without it a keyboard user tabbed through the header and the side menu (22 stops) to reach a meeting.
 */
export function SkipLink() {
  const { t } = useTranslation('shell');
  return (
    <a
      href={`#${MAIN_ID}`}
      className="skip-link"
      data-testid="skip-link"
      onClick={(e) => {
        e.preventDefault();
        focusMain();
      }}
    >
      {t('skipToContent')}
    </a>
  );
}

/**
 * After a page change the focus moves to the new page's heading (or its main content while the heading is still loading),
 * as a screen reader user would expect of a new page (WCAG 2.4.3): it stayed on the body or on the link that was followed.
 * Not on the first page of a visit, and not once the page or the user has put the focus elsewhere (an autofocus, a click).
 */
export function useRouteFocus(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let tries = 0;
    let timer = 0;
    // the link that was followed (or the body): the focus is moved only from there
    const before = document.activeElement;
    const attempt = () => {
      const main = document.getElementById(MAIN_ID);
      const active = document.activeElement;
      // the page, a dialog or the user has put the focus somewhere since: leave it there
      if (active && active !== document.body && active !== main && active !== before) return;
      if (focusMain() || ++tries > 20) return;
      timer = window.setTimeout(attempt, 100);
    };
    timer = window.setTimeout(attempt, 0);
    return () => window.clearTimeout(timer);
  }, [pathname]);
}
