/**
 * @jest-environment-options {"url": "http://org.example.com/auth/organization"}
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { savedOrgs, writeSavedOrgs } from '../../lib/saved-orgs';
import { renderApp } from '../../test/app';
import { anOrgRoot } from '../../test/contract-fixtures';
import { htmlResponse, installFetch, jsonResponse } from '../../test/fetch';

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const location = () => screen.getByTestId('location').textContent;

beforeEach(() => {
  writeSavedOrgs([]);
});

describe('organization host mode (first label "org")', () => {
  it('without saved organizations everything goes to /auth/organization', async () => {
    installFetch();
    renderApp('/app/dashboards/home');
    expect(await screen.findByTestId('organization-form')).toBeInTheDocument();
    expect(location()).toBe('/auth/organization');
  });

  it('with saved organizations everything goes to /auth/organization-portals', async () => {
    writeSavedOrgs([{ slug: 'demo', name: 'Demo Org' }]);
    installFetch((c) => (c.url === 'http://demo.example.com/api/' ? jsonResponse(200, anOrgRoot()) : undefined));
    renderApp('/anything');
    expect(await screen.findByTestId('portal-page')).toBeInTheDocument();
    expect(location()).toBe('/auth/organization-portals');
    expect(await screen.findByTestId('portal-launch-demo')).toBeInTheDocument();
    expect(screen.getByText('Demo Org')).toBeInTheDocument();
  });

  it('choose-portal is reachable with saved organizations', async () => {
    writeSavedOrgs([{ slug: 'demo', name: 'Demo Org' }]);
    installFetch();
    renderApp('/auth/choose-portal');
    expect(await screen.findByText('Choose a portal')).toBeInTheDocument();
  });
});

describe('organization name entry', () => {
  it('the name is required', async () => {
    installFetch();
    renderApp('/auth/organization');
    fireEvent.click(await screen.findByTestId('organization-submit'));
    expect(await screen.findByTestId('organization-name-error')).toHaveTextContent('This field is required.');
  });

  // an answer the contract refuses is what these cases test: the client's report of it is expected (silenced here;
  // anywhere else it fails the test, jest.setup.ts)
  it.each([
    ['an unknown organization (404)', () => jsonResponse(404, { success: false, message: 'Invalid Organization URL' }), false],
    ['an HTML answer', () => htmlResponse(200), true],
    ['an answer without a name', () => jsonResponse(200, { success: true }), true],
  ])("%s says 'Invalid Organization URL'", async (_label, respond, mismatch) => {
    const reported = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const calls = installFetch((c) => (c.url === 'http://nope.example.com/api/' ? respond() : undefined));
    renderApp('/auth/organization');
    type('organization-name', 'Nope');
    fireEvent.click(screen.getByTestId('organization-submit'));
    expect(await screen.findByTestId('organization-name-error')).toHaveTextContent('Invalid Organization URL');
    expect(calls[0].url).toBe('http://nope.example.com/api/');
    expect(savedOrgs()).toEqual([]);
    const mismatches = reported.mock.calls.filter(([m]) => typeof m === 'string' && m.includes('does not match the contract'));
    expect(mismatches.map(([m]) => m)).toEqual(mismatch ? ['answer of GET /api/ does not match the contract'] : []);
  });

  it('a name that cannot be a host label is invalid without asking', async () => {
    const calls = installFetch();
    renderApp('/auth/organization');
    type('organization-name', 'my org!');
    fireEvent.click(screen.getByTestId('organization-submit'));
    expect(await screen.findByTestId('organization-name-error')).toHaveTextContent('Invalid Organization URL');
    expect(calls).toHaveLength(0);
  });

  it('a valid organization is saved in the shared cookie and listed in the portal', async () => {
    installFetch((c) => (c.url === 'http://demo.example.com/api/' ? jsonResponse(200, anOrgRoot({}, { logo: 'x/logos/l.png' })) : undefined));
    renderApp('/auth/organization');
    type('organization-name', 'Demo');
    fireEvent.click(screen.getByTestId('organization-submit'));
    await waitFor(() => expect(location()).toBe('/auth/organization-portals'));
    expect(savedOrgs()).toEqual([{ slug: 'demo', name: 'Demo Org', logo: 'http://demo.example.com/api/public/uploads/logos/l.png' }]);
    expect(await screen.findByTestId('portal-demo')).toBeInTheDocument();
  });
});
