import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Sandbox } from '@app/platform';
import { docxFile, odtWithLinkedImages, pdfImages, pdfText, zipBomb } from '@app/testing';
import { ConversionRefused, officeToPdf, type ConvertOptions } from '../src/viewers/convert';

/**
 * officeToPdf with the real LibreOffice in the real sandbox (bubblewrap). The same ODT through the gateway and the
 * job: test/api/library/conversion-sandbox.api-spec.ts.
 */
jest.setTimeout(120_000);
const sandbox = new Sandbox({ SANDBOX: 'bwrap', BWRAP_PATH: '/usr/bin/bwrap' });
const MiB = 1024 * 1024;
const o: ConvertOptions = { soffice: 'soffice', timeoutMs: 90_000, memoryBytes: 2048 * MiB, maxPdfBytes: 20 * MiB, zip: { maxEntries: 10_000, maxUncompressedBytes: 100 * MiB, maxRatio: 200 } };

describe('officeToPdf in the sandbox', () => {
  it('converts a docx', async () => {
    const pdf = await officeToPdf(sandbox, await docxFile('Minutes of the board'), 'docx', o);
    expect(await pdfText(pdf)).toContain('Minutes of the board');
  });

  it('fetches and reads nothing an ODT links to (a loopback listener, a PNG of /usr/share)', async () => {
    const requests: string[] = [];
    const server = http.createServer((req, res) => {
      requests.push(req.url ?? '');
      res.end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const port = (server.address() as AddressInfo).port;
      const odt = await odtWithLinkedImages([`http://127.0.0.1:${port}/x.png`, 'file:///usr/share/icons/hicolor/48x48/apps/libreoffice-main.png']);
      const pdf = await officeToPdf(sandbox, odt, 'odt', o);
      expect(await pdfText(pdf)).toContain('Linked images below');
      expect(await pdfImages(pdf)).toEqual([]);
      expect(requests).toEqual([]);
    } finally {
      server.close();
    }
  });

  it('refuses a decompression bomb before LibreOffice sees it', async () => {
    await expect(officeToPdf(sandbox, zipBomb('docx', 200), 'docx', o)).rejects.toBeInstanceOf(ConversionRefused);
  });

  it('refuses a PDF over the bound before reading it', async () => {
    await expect(officeToPdf(sandbox, await docxFile('x'.repeat(20_000)), 'docx', { ...o, maxPdfBytes: 1024 })).rejects.toMatchObject({ name: 'ConversionRefused', reason: 'too-large', message: expect.stringMatching(/at most 1024/) });
  });

  it('kills LibreOffice at the time limit', async () => {
    const started = Date.now();
    await expect(officeToPdf(sandbox, await docxFile('slow'), 'docx', { ...o, timeoutMs: 300 })).rejects.toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
