import { believedOrgHeaders, orgFromHost } from './request';

describe('orgFromHost', () => {
  const cases: [string | undefined, string | undefined, ReturnType<typeof orgFromHost>][] = [
    ['demo.localhost:3000', undefined, { slug: 'demo', portal: false }],
    ['demo.localhost', undefined, { slug: 'demo', portal: false }],
    ['acme.boardroom.example.com', undefined, { slug: 'acme', portal: false }],
    ['demo-moe.localhost:3000', undefined, { slug: 'demo', variant: 'moe', portal: false }],
    ['demo-tender.localhost', undefined, { slug: 'demo', variant: 'tender', portal: false }],
    ['org.localhost:3000', undefined, { portal: true }],
    ['localhost:3000', undefined, { portal: false }],
    ['127.0.0.1:3000', undefined, { portal: false }],
    [undefined, undefined, { portal: false }],
    ['bad_label.localhost', undefined, { portal: false }],
    ['127.0.0.1:4000', 'demo', { slug: 'demo', portal: false }],
    ['acme.localhost', 'Demo', { slug: 'demo', portal: false }],
    ['acme.localhost', 'demo-moe', { slug: 'demo', variant: 'moe', portal: false }],
  ];
  it.each(cases)('host %s with X-Org %s', (host, xOrg, expected) => {
    expect(orgFromHost(host, xOrg)).toEqual(expected);
  });
});

describe('believedOrgHeaders: X-Org and X-Forwarded-Host only from trusted proxies (or X-Org when ALLOW_X_ORG)', () => {
  const h = { host: 'demo.localhost:3000', forwardedHost: 'acme.example.com', xOrg: 'other' };
  const cases: [string, { peerTrusted: boolean; allowXOrg: boolean }, { host?: string; xOrg?: string }][] = [
    ['trusted proxy, flag off (production)', { peerTrusted: true, allowXOrg: false }, { host: 'acme.example.com', xOrg: 'other' }],
    ['trusted proxy, flag on', { peerTrusted: true, allowXOrg: true }, { host: 'acme.example.com', xOrg: 'other' }],
    ['untrusted client, flag on (development, tests)', { peerTrusted: false, allowXOrg: true }, { host: 'demo.localhost:3000', xOrg: 'other' }],
    ['untrusted client, flag off (production): the Host alone', { peerTrusted: false, allowXOrg: false }, { host: 'demo.localhost:3000', xOrg: undefined }],
  ];
  it.each(cases)('%s', (_name, o, expected) => {
    expect(believedOrgHeaders(h, o)).toEqual(expected);
  });

  it('a trusted proxy that sends no X-Forwarded-Host keeps the Host', () => {
    expect(believedOrgHeaders({ host: 'demo.localhost' }, { peerTrusted: true, allowXOrg: false })).toEqual({ host: 'demo.localhost', xOrg: undefined });
  });
});
