import { act, screen } from '@testing-library/react';
import { anOrgRoot } from '../test/contract-fixtures';
import { installFetch, jsonResponse, on } from '../test/fetch';
import { renderWithApp } from '../test/render';
import { writeSavedOrgs } from '../lib/saved-orgs';
import { OfflineStatus } from './Header';
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
