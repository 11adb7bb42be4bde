/**
 * A browser at the test OpenID provider, over HTTP (no provider code imported: usable against the in-process
 * provider and the provider process alike).
 */

/** Cookies by name, as a browser would keep them for the provider's origin. */
class CookieJar {
  private readonly jar = new Map<string, string>();
  take(res: Response): void {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (value && !/expires=Thu, 01 Jan 1970/i.test(c)) this.jar.set(name, value);
      else this.jar.delete(name);
    }
  }
  header(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * What a browser does at the provider, over HTTP: open the authorization URL, fill in the login page
 * with `login`, and follow the redirects until the provider sends the browser to `redirectUri`. Answers
 * that final URL (the callback with code, state and iss, or an error).
 */
export async function signInAtProvider(authorizeUrl: string, login: string, redirectUri: string): Promise<URL> {
  const jar = new CookieJar();
  let url = new URL(authorizeUrl);
  for (let hop = 0; hop < 10; hop++) {
    if (url.href.startsWith(redirectUri)) return url;
    let res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(res);
    if (res.status === 200 && url.pathname.startsWith('/interaction/')) {
      const html = await res.text();
      if (!html.includes('name="login"')) throw new Error(`unexpected interaction page at the provider: ${html.slice(0, 300)}`);
      res = await fetch(url, {
        method: 'POST', redirect: 'manual', headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login, password: 'any' }),
      });
      jar.take(res);
    }
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) throw new Error(`the provider answered ${res.status} at ${url.pathname}: ${(await res.text()).slice(0, 300)}`);
    url = new URL(location, url);
  }
  throw new Error('too many redirects at the provider');
}
