import { fireEvent, screen, waitFor } from '@testing-library/react';
import { pageMeta, type RouteData, type Routes } from '@app/contracts';
import { session } from '../../api/session';
import { installFetch, jsonResponse, on, orgPublic } from '../../test/fetch';
import { renderWithApp } from '../../test/render';
import type { SsoSettingsView } from '../../api/sso';
import { SsoPage } from '../auth/SsoPage';
import { SsoSettingsForm } from './SsoSettingsCard';

jest.setTimeout(30_000);

const type = (id: string, value: string) => fireEvent.change(document.getElementById(id)!, { target: { value } });
const click = (testId: string) => fireEvent.click(screen.getByTestId(testId));

const stored: SsoSettingsView = {
  provider: 'oidc', issuer: 'https://idp.example.com', client_id: 'boardroom', has_client_secret: true, allowed_domains: ['example.com'],
  unknown_user: 'refuse', create_role_id: null, two_factor: 'organization', redirect_uri: 'http://acme.localhost:3000/api/sso/callback',
};
const roles = on('GET', '/api/roles', () => jsonResponse(200, { success: true, data: [] satisfies RouteData<typeof Routes.listRoles>, meta: pageMeta(1, 100, 0) }));

describe('SSO settings card', () => {
  beforeEach(() => session.signIn({ token: 'tok', email: 'admin@example.com' }));
  afterEach(() => session.clear());

  it('shows the redirect URI, never a stored secret, and keeps it when the field is left empty', async () => {
    const calls = installFetch(orgPublic(), roles, on('PUT', '/api/sso/settings', (c) => jsonResponse(200, { success: true, message: 'Single sign-on settings saved.', data: { ...stored, ...(c.body as object), has_client_secret: true } })));
    const onSaved = jest.fn();
    renderWithApp(<SsoSettingsForm view={stored} onSaved={onSaved} />);
    expect(screen.getByTestId('sso-redirect-uri')).toHaveValue(stored.redirect_uri);
    const secret = document.getElementById('sso-client-secret') as HTMLInputElement;
    expect(secret.value).toBe('');
    expect(secret.placeholder).toBe('Stored — leave empty to keep it');
    click('sso-save');
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ provider: 'oidc', issuer: 'https://idp.example.com', client_id: 'boardroom', allowed_domains: ['example.com'], unknown_user: 'refuse', create_role_id: null, two_factor: 'organization' });
  });

  it('"test the connection" shows what discovery found, or the field error', async () => {
    installFetch(orgPublic(), roles, on('POST', '/api/sso/settings/test', (c) => {
      const issuer = (c.body as { issuer: string }).issuer;
      if (issuer.includes('down')) return jsonResponse(409, { success: false, message: 'Error in validation', errors: { issuer: ['The provider could not be reached or has no OpenID configuration.'] } });
      return jsonResponse(200, { success: true, data: { issuer, authorization_endpoint: `${issuer}/auth`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks`, userinfo_endpoint: null, pkce_s256: true, scopes_supported: ['openid'], id_token_signing_alg_values_supported: ['RS256'] } });
    }));
    renderWithApp(<SsoSettingsForm view={stored} onSaved={jest.fn()} />);
    click('sso-test');
    expect(await screen.findByTestId('sso-found-issuer')).toHaveTextContent('https://idp.example.com');
    expect(screen.getByTestId('sso-test-result')).toHaveTextContent('https://idp.example.com/token');
    type('sso-issuer', 'https://down.example.com');
    click('sso-test');
    expect(await screen.findByTestId('sso-issuer-error')).toHaveTextContent('The provider could not be reached or has no OpenID configuration.');
  });

  it('turning single sign-on off sends provider none', async () => {
    const calls = installFetch(orgPublic(), roles, on('PUT', '/api/sso/settings', () => jsonResponse(200, { success: true, message: 'Single sign-on settings saved.', data: { ...stored, provider: 'none' } })));
    renderWithApp(<SsoSettingsForm view={stored} onSaved={jest.fn()} />);
    click('sso-enabled');
    click('sso-save');
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ provider: 'none' }));
  });
});

describe('SSO page after a refused return from the provider', () => {
  it.each([
    ['SSO_EMAIL_NOT_VERIFIED', 'The identity provider has not verified your e-mail address.'],
    ['SSO_UNKNOWN_USER', 'There is no account for your e-mail address in this organization.'],
    ['SOMETHING_ELSE', 'Single sign-on did not complete.'],
  ])('%s shows its reason', async (code, text) => {
    installFetch(orgPublic());
    renderWithApp(<SsoPage />, { path: `/auth/sso?error=${code}` });
    expect(await screen.findByTestId('sso-refused')).toHaveTextContent(text);
  });
});
