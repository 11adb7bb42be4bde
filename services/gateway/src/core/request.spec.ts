import { orgFromHost } from './request';

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
