import { ConfigError, parseConfig } from '@app/platform';
import { gatewayConfigSchema, isProxyEntry } from './config';

describe('TRUSTED_PROXIES: who may set X-Forwarded-For', () => {
  it.each([
    [undefined, ['loopback']],
    ['loopback', ['loopback']],
    ['none', []],
    ['', []],
    ['10.0.0.0/8, 192.168.1.5', ['10.0.0.0/8', '192.168.1.5']],
    ['Loopback,uniquelocal  fd00::/8', ['loopback', 'uniquelocal', 'fd00::/8']],
  ] as const)('%p -> %p', (value, expected) => {
    expect(parseConfig(gatewayConfigSchema, { TRUSTED_PROXIES: value }).TRUSTED_PROXIES).toEqual(expected);
  });

  it.each(['true', '*', '10.0.0.0/33', '10.0.0/8', 'fd00::/129', 'ingress.local', '10.0.0.0/8/1'])('refuses %p at start-up', (value) => {
    expect(() => parseConfig(gatewayConfigSchema, { TRUSTED_PROXIES: value })).toThrow(ConfigError);
  });

  it.each([
    ['linklocal', true],
    ['127.0.0.1', true],
    ['::1', true],
    ['2001:db8::/32', true],
    ['0.0.0.0/0', true],
    ['10.0.0.0/', false],
    ['10.0.0.0/x', false],
    ['localhost', false],
  ] as const)('isProxyEntry(%p) = %p', (entry, expected) => {
    expect(isProxyEntry(entry)).toBe(expected);
  });
});

describe('sign-in limit defaults', () => {
  it('a high ceiling per address, five failures per account and address', () => {
    const c = parseConfig(gatewayConfigSchema, {});
    expect(c).toMatchObject({ AUTH_IP_RATE_LIMIT: 300, AUTH_FAILURE_LIMIT: 5, AUTH_ACCOUNT_FAILURE_LIMIT: 20, AUTH_IP_FAILURE_LIMIT: 30, AUTH_RATE_WINDOW_SECONDS: 60 });
  });
});

describe('session lifetimes: parsed once, fractions of minutes allowed (tests use seconds)', () => {
  it.each([
    [{}, 60, 720],
    [{ IDLE_TIMEOUT_MINUTES: '30', SESSION_LIFETIME_MINUTES: '480' }, 30, 480],
    [{ IDLE_TIMEOUT_MINUTES: '0.04', SESSION_LIFETIME_MINUTES: '0.12' }, 0.04, 0.12],
  ] as const)('%p -> idle %p, lifetime %p', (env, idle, lifetime) => {
    const c = parseConfig(gatewayConfigSchema, env);
    expect([c.IDLE_TIMEOUT_MINUTES, c.SESSION_LIFETIME_MINUTES]).toEqual([idle, lifetime]);
  });

  it.each([{ SESSION_LIFETIME_MINUTES: '0' }, { SESSION_LIFETIME_MINUTES: 'forever' }, { IDLE_TIMEOUT_MINUTES: '-1' }])('refuses %p at start-up', (env) => {
    expect(() => parseConfig(gatewayConfigSchema, env)).toThrow(ConfigError);
  });
});
