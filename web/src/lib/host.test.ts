import { currentOrgSlug, hasUrlToken, hostInfo, isPortalHost, isThemeHost, originOfOrg, urlOfOrg } from './host';

const at = (host: string, protocol = 'https:') => hostInfo({ hostname: host.split(':')[0], host, protocol });

describe('organization from the host', () => {
  it.each([
    ['demo.localhost:3000', 'demo', 'localhost:3000'],
    ['acme.board.example.com', 'acme', 'board.example.com'],
    ['localhost:5173', '', 'localhost:5173'],
    ['127.0.0.1:3000', '', '127.0.0.1:3000'],
    ['org.example.com', '', 'example.com'],
  ])('%s -> organization %j', (host, slug, parent) => {
    const info = at(host);
    expect(currentOrgSlug(info)).toBe(slug);
    expect(info.parentHost).toBe(parent);
  });

  it("the portal host's first label is 'org'", () => {
    expect(isPortalHost(at('org.example.com'))).toBe(true);
    expect(isPortalHost(at('demo.example.com'))).toBe(false);
    expect(isPortalHost(at('localhost'))).toBe(false);
  });

  it('an organization lives beside the portal', () => {
    expect(originOfOrg('Demo', at('org.localhost:3000', 'http:'))).toBe('http://demo.localhost:3000');
    expect(originOfOrg('acme', at('org.example.com'))).toBe('https://acme.example.com');
    expect(urlOfOrg('Demo', '/auth/login', at('org.localhost:3000', 'http:'))).toBe('http://demo.localhost:3000/auth/login');
    expect(urlOfOrg('acme', '/auth/login', at('org.example.com'))).toBe('https://acme.example.com/auth/login');
  });

  it('the theme drawer is for localhost and the test host only', () => {
    expect(isThemeHost(at('localhost:5173'))).toBe(true);
    expect(isThemeHost(at('demo.localhost:3000'))).toBe(true);
    expect(isThemeHost(at('test.example.com'))).toBe(true);
    expect(isThemeHost(at('acme.example.com'))).toBe(false);
  });

  it('a guest link carries a token in the query', () => {
    expect(hasUrlToken('?token=abc')).toBe(true);
    expect(hasUrlToken('?token=')).toBe(false);
    expect(hasUrlToken('?x=1')).toBe(false);
  });
});
