import { Sandbox } from '@app/platform';
import { emlHtmlOnly, pdfWithPages, xlsxFile, zipBomb } from '@app/testing';
import { boundPages } from '../src/rules/text';
import { emailPages, htmlText, pdfPages, sheetPages, TextRefused, type ExtractOptions } from '../src/viewers/text-extract';

/**
 * The search box's text extraction (docs/search.md#text-inside-files) with the real pdftotext in the real sandbox
 * (bubblewrap), and the e-mail and workbook readers. Through the gateway and the job: test/api/search/file-text.api-spec.ts.
 */
jest.setTimeout(60_000);
const sandbox = new Sandbox({ SANDBOX: 'bwrap', BWRAP_PATH: '/usr/bin/bwrap' });
const o: ExtractOptions = { pdftotext: '/usr/bin/pdftotext', timeoutMs: 30_000, maxPages: 2000, maxBytes: 2 * 1024 * 1024 };
const zip = { maxEntries: 10_000, maxUncompressedBytes: 100 * 1024 * 1024, maxRatio: 200 };

describe('pdfPages in the sandbox', () => {
  it('reads each page, Arabic in logical order with its diacritics', async () => {
    const pdf = await pdfWithPages([['Cover'], ['Second', 'اعتماد الْمِيزَانِيَّةِ'], ['Third']]);
    const { pages, cut } = await pdfPages(sandbox, pdf, o);
    expect(cut).toBe(false);
    const kept = boundPages(pages, o).pages;
    expect(kept.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(kept[1].text).toMatch(/^Second اعتماد ال.*م.*ي.*ز.*ا.*ن.*ي/);
    expect(kept[1].text.replace(/[\u064B-\u0652]/g, '')).toBe('Second اعتماد الميزانية');
  });

  it('reads the first maxPages pages only', async () => {
    const pdf = await pdfWithPages([['one'], ['two'], ['three'], ['four']]);
    expect((await pdfPages(sandbox, pdf, { ...o, maxPages: 2 })).pages.map((p) => p.trim())).toEqual(['one', 'two']);
  });

  it('cuts a text larger than its bound where pdftotext had to stop writing, and keeps only the bound', async () => {
    const line = 'The quick brown fox jumps over the lazy dog again and again';
    const pdf = await pdfWithPages(Array.from({ length: 60 }, (_, i) => Array.from({ length: 24 }, () => `${i + 1} ${line}`)));
    const maxBytes = 4096;
    const raw = await pdfPages(sandbox, pdf, { ...o, maxBytes });
    expect(raw.cut).toBe(true);
    // pdftotext wrote at most its file bound (twice the text bound plus 64 KiB)
    expect(Buffer.byteLength(raw.pages.join('\f'))).toBeLessThanOrEqual(maxBytes * 2 + 64 * 1024);
    const kept = boundPages(raw.pages, { maxBytes, maxPages: 2000 });
    expect(kept.truncated).toBe(true);
    expect(kept.pages.reduce((n, p) => n + Buffer.byteLength(p.text), 0)).toBeLessThanOrEqual(maxBytes);
    expect(kept.pages[0]).toMatchObject({ page: 1 });
  });

  it('fails on what is not a PDF', async () => {
    await expect(pdfPages(sandbox, Buffer.from('not a pdf at all'), o)).rejects.toMatchObject({ name: 'SandboxError' });
  });
});

describe('emailPages', () => {
  it('an HTML-only message: its subject and the body without tags, styles or scripts, entities decoded', async () => {
    const { pages } = await emailPages(emlHtmlOnly('Board pack', 'The <b>quorum</b> rule &amp; the agenda'), 'eml');
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('Board pack');
    expect(pages[0]).toContain('The quorum rule & the agenda');
    expect(pages[0]).not.toMatch(/scriptword|color: red|<p>/);
  });

  it.each([
    ['<p>a</p><p>b</p>', 'a b'],
    ['x &lt;y&gt; &#1575;&#x644;', 'x <y> ال'],
    ['<style>.c{}</style>kept', 'kept'],
  ])('htmlText(%p)', (html, text) => expect(htmlText(html).replace(/\s+/g, ' ').trim()).toBe(text));
});

describe('sheetPages', () => {
  it('a sheet a page, cells by their shown value', async () => {
    const { pages, cut } = await sheetPages(await xlsxFile(), zip, 1024 * 1024);
    expect(cut).toBe(false);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Venue 1200 true');
    expect(pages[0]).toContain('2000');
    expect(pages[1]).toContain('Second sheet');
  });

  it('stops reading at its bound', async () => {
    const { cut } = await sheetPages(await xlsxFile(), zip, 100);
    expect(cut).toBe(true);
  });

  it('refuses a decompression bomb without inflating it', async () => {
    await expect(sheetPages(zipBomb('xlsx', 200), zip, 1024)).rejects.toBeInstanceOf(TextRefused);
  });
});
