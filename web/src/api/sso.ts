import type { z } from 'zod';
import { Routes, type RouteData, type zSsoSettingsBody } from '@app/contracts';
import { apiCommand, api } from './client';

/** The organization's single sign-on settings as the route table answers them (never the client secret). */
export type SsoSettingsView = RouteData<typeof Routes.getSsoSettings>;
export type SsoDiscovery = RouteData<typeof Routes.testSsoConnection>;
export type SsoSettingsInput = z.input<typeof zSsoSettingsBody>;

export const ssoApi = {
  get: (): Promise<SsoSettingsView> => api(Routes.getSsoSettings),
  /** PUT /api/sso/settings: field errors come back on the form (notify off) */
  save: (body: SsoSettingsInput) => apiCommand(Routes.updateSsoSettings, { body, notify: false }),
  /** POST /api/sso/settings/test: discovery at the issuer */
  test: (issuer: string): Promise<SsoDiscovery> => api(Routes.testSsoConnection, { body: { issuer }, notify: false }),
};
