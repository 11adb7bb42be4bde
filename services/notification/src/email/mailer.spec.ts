import { generateKeyPairSync } from 'node:crypto';
import { ConfigError } from '@app/platform';
import { loadNotificationConfig } from '../config';
import { transportOptions } from './mailer';

const base = { DATABASE_URL: 'postgres://x@127.0.0.1/x' };
const load = (env: Record<string, string>) => loadNotificationConfig({ ...base, ...env });
/** what production needs besides SMTP_URL */
const production = { NODE_ENV: 'production', OUTBOX_KEY: 'outbox-key-of-this-deployment-0123456789' };
const dkimKey = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

describe('transportOptions: the pooled transport built from config', () => {
  type Row = {
    name: string;
    env: Record<string, string>;
    expected: { host: string; port: number; secure: boolean; requireTLS: boolean; auth: string; maxConnections: number; maxMessages: number; dkim: string | null };
  };
  const d = { host: 'relay.example.com', port: 587, secure: false, requireTLS: false, auth: 'none', maxConnections: 20, maxMessages: Infinity, dkim: null };
  const cases: Row[] = [
    { name: 'maildev, no auth', env: { SMTP_URL: 'smtp://127.0.0.1:1025' }, expected: { ...d, host: '127.0.0.1', port: 1025 } },
    { name: 'no auth, SMTP_REQUIRE_TLS', env: { SMTP_URL: 'smtp://relay.example.com', SMTP_REQUIRE_TLS: 'true' }, expected: { ...d, requireTLS: true } },
    { name: 'no auth, SMTP_REQUIRE_TLS false', env: { SMTP_URL: 'smtp://relay.example.com:25', SMTP_REQUIRE_TLS: 'false' }, expected: { ...d, port: 25 } },
    { name: 'password on smtp://: TLS required', env: { SMTP_URL: 'smtp://u%40x:p%3Aw@relay.example.com:587' }, expected: { ...d, requireTLS: true, auth: 'password' } },
    { name: 'password, SMTP_REQUIRE_TLS true', env: { SMTP_URL: 'smtp://u:p@relay.example.com:25', SMTP_REQUIRE_TLS: 'true' }, expected: { ...d, port: 25, requireTLS: true, auth: 'password' } },
    { name: 'smtps:// (TLS from the first byte)', env: { SMTP_URL: 'smtps://u:p@relay.example.com' }, expected: { ...d, port: 465, secure: true, auth: 'password' } },
    { name: 'IPv6 host', env: { SMTP_URL: 'smtp://u:p@[2001:db8::25]:2525' }, expected: { ...d, host: '2001:db8::25', port: 2525, requireTLS: true, auth: 'password' } },
    { name: 'OAuth2 access token: TLS required', env: { SMTP_URL: 'smtp://smtp.gmail.com:587', SMTP_OAUTH2_USER: 'b@x.com', SMTP_OAUTH2_ACCESS_TOKEN: 't' }, expected: { ...d, host: 'smtp.gmail.com', requireTLS: true, auth: 'oauth2' } },
    { name: 'pool size and messages per connection', env: { SMTP_URL: 'smtp://relay.example.com', SMTP_POOL_SIZE: '7', SMTP_POOL_MAX_MESSAGES: '300' }, expected: { ...d, maxConnections: 7, maxMessages: 300 } },
    { name: 'DKIM', env: { SMTP_URL: 'smtp://relay.example.com', DKIM_DOMAIN: 'example.com', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: dkimKey }, expected: { ...d, dkim: 's1._domainkey.example.com' } },
  ];
  it.each(cases)('$name', ({ env, expected }) => {
    const { options, summary } = transportOptions(load(env));
    const { maxConnections, maxMessages, ...seen } = expected;
    expect(summary).toEqual(seen);
    expect(options).toMatchObject({
      pool: true, host: expected.host, port: expected.port, secure: expected.secure, requireTLS: expected.requireTLS, maxConnections, maxMessages,
      ignoreTLS: false, opportunisticTLS: false, logger: false, debug: false,
    });
    expect(options.auth === undefined).toBe(expected.auth === 'none');
    expect(options.dkim === undefined).toBe(expected.dkim === null);
  });

  it('decodes the URL\'s user and password', () => {
    expect(transportOptions(load({ SMTP_URL: 'smtp://u%40x:p%3Aw@relay.example.com:587' })).options.auth).toEqual({ type: 'login', user: 'u@x', pass: 'p:w' });
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
    { name: 'a password on smtp:// with TLS not required', env: { SMTP_URL: 'smtp://u:p@relay.example.com:587', SMTP_REQUIRE_TLS: 'false' }, field: 'SMTP_REQUIRE_TLS' },
    { name: 'OAuth2 on smtp:// with TLS not required', env: { SMTP_URL: 'smtp://smtp.office365.com:587', SMTP_OAUTH2_USER: 'b@x.com', SMTP_OAUTH2_ACCESS_TOKEN: 't', SMTP_REQUIRE_TLS: 'false' }, field: 'SMTP_REQUIRE_TLS' },
    { name: 'SMTP_POOL_MAX_MESSAGES of 0', env: { SMTP_POOL_MAX_MESSAGES: '0' }, field: 'SMTP_POOL_MAX_MESSAGES' },
    { name: 'production: maildev', env: { ...production, SMTP_URL: 'smtp://maildev:1025' }, field: 'SMTP_URL' },
    { name: 'production: localhost', env: { ...production, SMTP_URL: 'smtp://u:p@localhost:587' }, field: 'SMTP_URL' },
    { name: 'production: a loopback address', env: { ...production, SMTP_URL: 'smtp://127.0.0.1:1025' }, field: 'SMTP_URL' },
    { name: 'production: SMTP_URL unset (the maildev default)', env: { ...production }, field: 'SMTP_URL' },
    { name: 'SMTP_TLS_CA that is not PEM', env: { SMTP_TLS_CA: '/etc/ssl/ca.pem' }, field: 'SMTP_TLS_CA' },
  ];
  it.each(bad)('$name', ({ env, field }) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(new RegExp(`\\b${field}:`));
  });

  it.each([
    ['a relay with a password', { SMTP_URL: 'smtp://u:p@relay.example.com:587' }],
    ['smtps:// with SMTP_REQUIRE_TLS false (TLS from the first byte)', { SMTP_URL: 'smtps://u:p@relay.example.com', SMTP_REQUIRE_TLS: 'false' }],
    ['OAuth2 (Microsoft 365)', { SMTP_URL: 'smtp://smtp.office365.com:587', SMTP_OAUTH2_USER: 'b@x.com', SMTP_OAUTH2_ACCESS_TOKEN: 'at-of-this-deployment' }],
  ])('production accepts %s', (_name, env) => {
    expect(load({ ...production, ...env }).NODE_ENV).toBe('production');
  });

  it('maildev and localhost outside production (one machine, tests)', () => {
    expect(load({ SMTP_URL: 'smtp://maildev:1025' }).SMTP_URL).toBe('smtp://maildev:1025');
    expect(load({}).SMTP_URL).toBe('smtp://127.0.0.1:1025');
  });

  it('a refused secret is not repeated in the error', () => {
    expect(() => load({ SMTP_OAUTH2_USER: 'b@x.com', SMTP_OAUTH2_CLIENT_ID: 'id', SMTP_OAUTH2_REFRESH_TOKEN: 'refresh-secret-42' })).toThrow(/^(?![\s\S]*refresh-secret-42)/);
  });
});
