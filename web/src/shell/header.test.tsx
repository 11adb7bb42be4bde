import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { anOrgRoot } from '../test/contract-fixtures';
import { installFetch, jsonResponse, on } from '../test/fetch';
import { renderWithApp } from '../test/render';
import { writeSavedOrgs } from '../lib/saved-orgs';
import { Header, OfflineStatus, PHONE_HEADER_QUERY } from './Header';
import { OrgSwitcher } from './OrgSwitcher';

// this test's page is on the organization host acme.<parent> (jsdom's own host, localhost, has no organization)
jest.mock('../lib/host', () => ({ ...jest.requireActual('../lib/host'), currentOrgSlug: () => 'acme' }));

/** The header without a network (docs/minutes.md#offline-board-book): said once, the organization still named. */
describe('the header offline', () => {
  afterEach(() => jest.restoreAllMocks());

  it('"You are offline" shows while the browser has no network and goes when it is back', () => {
    let online = true;
    jest.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => online);
    renderWithApp(<OfflineStatus />);
    expect(screen.queryByTestId('offline-status')).toBeNull();
    act(() => {
      online = false;
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByTestId('offline-status')).toHaveTextContent('You are offline');
    expect(screen.getByTestId('offline-status')).toHaveAttribute('role', 'status');
    act(() => {
      online = true;
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByTestId('offline-status')).toBeNull();
  });

  it.each([
    ['the network is cut: the name kept at sign-in', () => Promise.reject(new TypeError('Failed to fetch')), 'Acme Board Holdings'],
    ['online: the name the server gives', () => jsonResponse(200, anOrgRoot({}, { name: 'Acme Today' })), 'Acme Today'],
  ])('the organization switcher names the organization, never the bare slug: %s', async (_n, answer, name) => {
    writeSavedOrgs([{ slug: 'acme', name: 'Acme Board Holdings' }, { slug: 'other', name: 'Other Co' }]);
    installFetch(on('GET', '/api/', answer));
    renderWithApp(<OrgSwitcher />);
    expect(await screen.findByText(name)).toBeInTheDocument();
    expect(screen.queryByText('acme')).toBeNull();
    // named even where the visible name is hidden (a phone), starting with the visible text
    expect(screen.getByTestId('org-switcher')).toHaveAccessibleName(`${name}, Switch organization`);
  });
});

/** matchMedia answering `phone` for the phone header's query (and no to every other) */
function phoneWidth(phone: boolean) {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    matches: phone && query === PHONE_HEADER_QUERY,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}

/** A phone's header (390 px): the search behind a button, help, voice and theme in "More" (docs/accessibility.md). */
describe('the header on a phone', () => {
  let restore: () => void;
  beforeEach(() => {
    installFetch(on('GET', '/api/', () => jsonResponse(200, anOrgRoot({}, { name: 'Acme Board Holdings' }))));
    restore = phoneWidth(true);
  });
  afterEach(() => restore());

  it('the search button opens a row whose box takes the focus; Escape closes it and gives the focus back', async () => {
    renderWithApp(<Header onMenuToggle={() => undefined} />, { path: '/app/dashboards/home' });
    const toggle = screen.getByTestId('header-search-toggle');
    expect(toggle).toHaveAccessibleName('Search');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', 'header-search-row');
    expect(screen.queryByTestId('header-search-input')).toBeNull();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const input = screen.getByTestId('header-search-input');
    expect(screen.getByTestId('header-search-row')).toHaveAttribute('id', 'header-search-row');
    await waitFor(() => expect(input).toHaveFocus());
    expect(input).toHaveAccessibleName('Search');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByTestId('header-search-row')).toBeNull();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('a search from the row opens the results page and closes the row; its close button closes it too', async () => {
    renderWithApp(<Header onMenuToggle={() => undefined} />, { path: '/app/dashboards/home' });
    fireEvent.click(screen.getByTestId('header-search-toggle'));
    fireEvent.change(screen.getByTestId('header-search-input'), { target: { value: 'budget' } });
    fireEvent.submit(screen.getByTestId('header-search'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/app/search?q=budget'));
    expect(screen.queryByTestId('header-search-row')).toBeNull();
    expect(screen.getByTestId('header-search-toggle')).toHaveFocus();
    fireEvent.click(screen.getByTestId('header-search-toggle'));
    fireEvent.click(screen.getByRole('button', { name: 'Close the search' }));
    expect(screen.queryByTestId('header-search-row')).toBeNull();
    expect(screen.getByTestId('header-search-toggle')).toHaveFocus();
  });

  it('"More" shows the tour, the manual and the voice command; the focus goes to the first; Escape closes it', async () => {
    renderWithApp(<Header onMenuToggle={() => undefined} />, { path: '/app/dashboards/home' });
    // no help or voice icon in the row itself
    expect(screen.queryByTestId('tour-toggle')).toBeNull();
    const more = screen.getByTestId('header-more');
    expect(more).toHaveAccessibleName('More');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('header-more-list')).not.toBeVisible();
    fireEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('header-more-list')).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('tour-start')).toHaveFocus());
    expect(screen.getByTestId('manual-download')).toHaveAttribute('href', '/manual-en.pdf');
    expect(screen.getByTestId('voice-button')).toHaveAccessibleName('Voice command');
    fireEvent.keyDown(screen.getByTestId('tour-start'), { key: 'Escape' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByTestId('header-more-list')).not.toBeVisible();
    expect(more).toHaveFocus();
    // a click outside closes it too
    fireEvent.click(more);
    fireEvent.pointerDown(document.body);
    expect(more).toHaveAttribute('aria-expanded', 'false');
  });

  it('wider than a phone the search box, help and voice are in the header itself', () => {
    restore();
    restore = phoneWidth(false);
    renderWithApp(<Header onMenuToggle={() => undefined} />, { path: '/app/dashboards/home' });
    expect(screen.getByTestId('header-search-input')).toBeInTheDocument();
    expect(screen.getByTestId('tour-toggle')).toBeInTheDocument();
    expect(screen.getByTestId('voice-button')).toHaveAccessibleName('Voice command');
    expect(screen.queryByTestId('header-more')).toBeNull();
    expect(screen.queryByTestId('header-search-toggle')).toBeNull();
  });
});
