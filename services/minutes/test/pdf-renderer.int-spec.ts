import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pdfImages, pdfText } from '@app/testing';
import type { MinutesConfig } from '../src/config';
import { PdfRenderer } from '../src/pdf/pdf-renderer';

/**
 * The minutes' HTML-to-PDF renderer with the real Chromium (/usr/bin/chromium): a page that asks for an image, a
 * stylesheet and a script on a listener this test starts, and an image of /usr/share, loads none of them; the
 * browser process's environment holds no variable of the service.
 */
jest.setTimeout(120_000);

// set before the browser starts (it starts on the first render): a browser given this process's environment has it
process.env.MINUTES_SPEC_CANARY_SECRET = 'do-not-leak-9c2e';
const renderer = new PdfRenderer({ PUPPETEER_EXECUTABLE_PATH: '/usr/bin/chromium', RENDER_TIMEOUT_MS: 60_000 } as MinutesConfig);
afterAll(async () => {
  delete process.env.MINUTES_SPEC_CANARY_SECRET;
  await renderer.onModuleDestroy();
});

describe('PdfRenderer (Chromium)', () => {
  it('loads nothing outside the document: no request reaches the listener, no linked image in the PDF', async () => {
    const requests: string[] = [];
    const png = readFileSync('/usr/share/icons/hicolor/48x48/apps/chromium.png');
    const server = http.createServer((req, res) => {
      requests.push(req.url ?? '');
      res.writeHead(200, { 'content-type': req.url?.endsWith('.png') ? 'image/png' : 'text/plain' });
      res.end(req.url?.endsWith('.png') ? png : '');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const html = `<!doctype html><html><head><link rel="stylesheet" href="${base}/s.css"><script src="${base}/s.js"></script></head><body><p>Minutes body</p><img src="${base}/x.png" width="100" height="100"><img src="file:///usr/share/icons/hicolor/48x48/apps/chromium.png" width="100" height="100"><div style="background:url(${base}/bg.png);width:100px;height:100px"></div></body></html>`;
      const pdf = await renderer.pdf(html);
      expect(await pdfText(pdf)).toContain('Minutes body');
      // Chromium draws its 14 x 16 broken-image icon where an image did not load; the 48 x 48 PNG is never there
      const images = await pdfImages(pdf);
      expect(images.filter((i) => i.width > 16 || i.height > 16)).toEqual([]);
      expect(requests).toEqual([]);
    } finally {
      server.close();
    }
  });

  it("the browser's environment holds no variable of the service", async () => {
    await renderer.pdf('<p>warm</p>');
    // what the browser process really got, read from /proc
    const browser = await (renderer as unknown as { browser: Promise<import('puppeteer-core').Browser> }).browser;
    const pid = browser.process()?.pid;
    expect(pid).toBeGreaterThan(0);
    const environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
    expect(environ).not.toContain('do-not-leak-9c2e');
    const vars = environ.split('\0').filter(Boolean).map((l) => l.slice(0, l.indexOf('=')));
    // ours, PWD, and what Debian's /usr/bin/chromium wrapper script adds (CHROMIUM_FLAGS, its public GOOGLE_* keys...)
    expect(vars.filter((v) => !['HOME', 'LANG', 'PATH', 'TMPDIR', 'PWD'].includes(v) && !/^(CHROME|CHROMIUM|GOOGLE)_/.test(v))).toEqual([]);
    expect(vars).toEqual(expect.arrayContaining(['HOME', 'LANG', 'PATH', 'TMPDIR']));
  });
});
