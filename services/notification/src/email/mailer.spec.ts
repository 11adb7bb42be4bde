import { generateKeyPairSync } from 'node:crypto';
import { ConfigError } from '@app/platform';
import { loadNotificationConfig } from '../config';
import { transportOptions } from './mailer';

const base = { DATABASE_URL: 'postgres://x@127.0.0.1/x' };
const load = (env: Record<string, string>) => loadNotificationConfig({ ...base, ...env });
const dkimKey = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

describe('transportOptions: TLS whenever it authenticates', () => {
  const cases: { name: string; env: Record<string, string>; secure: boolean; requireTLS: boolean; auth: string; port: number }[] = [
    { name: 'maildev, no auth', env: { SMTP_URL: 'smtp://127.0.0.1:1025' }, secure: false, requireTLS: false, auth: 'none', port: 1025 },
    { name: 'no auth, SMTP_REQUIRE_TLS', env: { SMTP_URL: 'smtp://relay.example.com', SMTP_REQUIRE_TLS: 'true' }, secure: false, requireTLS: true, auth: 'none', port: 587 },
    { name: 'password on smtp://', env: { SMTP_URL: 'smtp://u%40x:p%3Aw@relay.example.com:587' }, secure: false, requireTLS: true, auth: 'password', port: 587 },
    { name: 'password, SMTP_REQUIRE_TLS false: still required', env: { SMTP_URL: 'smtp://u:p@relay.example.com:25', SMTP_REQUIRE_TLS: 'false' }, secure: false, requireTLS: true, auth: 'password', port: 25 },
    { name: 'smtps:// (TLS from the first byte)', env: { SMTP_URL: 'smtps://u:p@relay.example.com' }, secure: true, requireTLS: false, auth: 'password', port: 465 },
    { name: 'OAuth2 access token', env: { SMTP_URL: 'smtp://smtp.gmail.com:587', SMTP_OAUTH2_USER: 'b@x.com', SMTP_OAUTH2_ACCESS_TOKEN: 't' }, secure: false, requireTLS: true, auth: 'oauth2', port: 587 },
  ];
  it.each(cases)('$name', ({ env, secure, requireTLS, auth, port }) => {
    const { options, summary } = transportOptions(load(env));
    expect(summary).toMatchObject({ secure, requireTLS, auth, port });
    expect(options).toMatchObject({ pool: true, secure, requireTLS, port, ignoreTLS: false, opportunisticTLS: false, logger: false, debug: false });
  });

  it('decodes the URL\'s user and password', () => {
    expect(transportOptions(load({ SMTP_URL: 'smtp://u%40x:p%3Aw@relay.example.com:587' })).options.auth).toEqual({ type: 'login', user: 'u@x', pass: 'p:w' });
  });

  it('pool size from SMTP_POOL_SIZE, never recycled', () => {
    expect(transportOptions(load({ SMTP_POOL_SIZE: '7' })).options).toMatchObject({ maxConnections: 7, maxMessages: Infinity });
  });

  it('OAuth2 refresh tokens: the provider\'s token endpoint (Microsoft: the tenant\'s, with the SMTP scope)', () => {
    const refresh = { SMTP_OAUTH2_USER: 'b@contoso.com', SMTP_OAUTH2_CLIENT_ID: 'id', SMTP_OAUTH2_CLIENT_SECRET: 'sec', SMTP_OAUTH2_REFRESH_TOKEN: 'rt' };
    expect(transportOptions(load({ ...refresh })).options.auth).toMatchObject({ type: 'OAuth2', user: 'b@contoso.com', accessUrl: 'https://oauth2.googleapis.com/token', refreshToken: 'rt' });
    expect(transportOptions(load({ ...refresh, SMTP_OAUTH2_PROVIDER: 'microsoft', SMTP_OAUTH2_TENANT: 'contoso.onmicrosoft.com' })).options.auth).toMatchObject({
      accessUrl: 'https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/token',
      customParams: { scope: 'https://outlook.office365.com/SMTP.Send offline_access' },
    });
  });

  it('DKIM when its three settings are set (a key written on one line with \\n is accepted)', () => {
    const { options, summary } = transportOptions(load({ DKIM_DOMAIN: 'example.com', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: dkimKey.replace(/\n/g, '\\n') }));
    expect(options.dkim).toEqual({ domainName: 'example.com', keySelector: 's1', privateKey: dkimKey.trim() });
    expect(summary.dkim).toBe('s1._domainkey.example.com');
    expect(transportOptions(load({})).options.dkim).toBeUndefined();
  });
});

describe('notification config: what it refuses', () => {
  const bad: { name: string; env: Record<string, string>; field: string }[] = [
    { name: 'DKIM without its key', env: { DKIM_DOMAIN: 'example.com', DKIM_SELECTOR: 's1' }, field: 'DKIM_PRIVATE_KEY' },
    { name: 'a DKIM key that is not one', env: { DKIM_DOMAIN: 'example.com', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----' }, field: 'DKIM_PRIVATE_KEY' },
    { name: 'OAuth2 secrets without the mailbox', env: { SMTP_OAUTH2_ACCESS_TOKEN: 't' }, field: 'SMTP_OAUTH2_USER' },
    { name: 'OAuth2 mailbox without a token', env: { SMTP_OAUTH2_USER: 'b@x.com' }, field: 'SMTP_OAUTH2_USER' },
    { name: 'a refresh token without the client secret', env: { SMTP_OAUTH2_USER: 'b@x.com', SMTP_OAUTH2_CLIENT_ID: 'id', SMTP_OAUTH2_REFRESH_TOKEN: 'rt' }, field: 'SMTP_OAUTH2_REFRESH_TOKEN' },
    { name: 'a password in SMTP_URL and OAuth2', env: { SMTP_URL: 'smtp://u:p@h:587', SMTP_OAUTH2_USER: 'b@x.com', SMTP_OAUTH2_ACCESS_TOKEN: 't' }, field: 'SMTP_URL' },
    { name: 'SMTP_REQUIRE_TLS that is not true/false', env: { SMTP_REQUIRE_TLS: '1' }, field: 'SMTP_REQUIRE_TLS' },
    { name: 'SMTP_TLS_CA that is not PEM', env: { SMTP_TLS_CA: '/etc/ssl/ca.pem' }, field: 'SMTP_TLS_CA' },
  ];
  it.each(bad)('$name', ({ env, field }) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(new RegExp(`\\b${field}:`));
  });

  it('a refused secret is not repeated in the error', () => {
    expect(() => load({ SMTP_OAUTH2_USER: 'b@x.com', SMTP_OAUTH2_CLIENT_ID: 'id', SMTP_OAUTH2_REFRESH_TOKEN: 'refresh-secret-42' })).toThrow(/^(?![\s\S]*refresh-secret-42)/);
  });
});
