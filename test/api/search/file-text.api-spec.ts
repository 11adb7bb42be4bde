/**
 * The search box inside files (docs/search.md#text-inside-files), through the gateway against the running library
 * service, its `library-text` job (pdftotext in the sandbox, LibreOffice for office files) and PostgreSQL's
 * tsvector and trigram indexes: an Arabic phrase written with diacritics on page 2 of a generated PDF is found by its
 * bare spelling with page 2; an e-mail by a word of its HTML body; a .docx through its PDF rendering; a member
 * without access finds nothing until the file is shared; a text file larger than the bound is searched only as far
 * as the bound (`text_index.truncated`).
 */
import { foldSearchText as foldText } from '@app/contracts';
import { docxFile, emlHtmlOnly, pdfWithPages, uniqueSlug, waitFor } from '@app/testing';
import { closeRedis, expectOk, libraryFile, world, type World } from '../meeting/helpers';

jest.setTimeout(240_000);

let w: World;
const tag = uniqueSlug('ftxt').replace(/[^a-z0-9]/gi, '');
const PHRASE = 'اعتماد الْمِيزَانِيَّةِ السَّنَوِيَّةِ للمجلس';
let pdfId: number;
let emlId: number;
let docxId: number;
let bigId: number;

type Client = World['chair']['c'];
const search = (c: Client, q: string) => c.get('/search', { q, kind: 'file' });
const files = (data: any): any[] => data.groups.find((g: any) => g.kind === 'file')?.items ?? [];
const marked = (hit: any): string => hit.passage.text.slice(hit.passage.start, hit.passage.end);

/** the file's text state once its extraction job ended */
const extracted = (c: Client, id: number, timeoutMs = 60_000) =>
  waitFor(
    `the text of file ${id}`,
    async () => {
      const t = expectOk(await c.get(`/library/fetch/${id}`)).text_index;
      return t.status === 'done' || t.status === 'failed' ? t : undefined;
    },
    timeoutMs,
    500,
  );

beforeAll(async () => {
  w = await world();
  const pdf = await pdfWithPages([[`Cover ${tag}`], ['Second page', PHRASE], [`Annex ${tag}`]]);
  pdfId = await libraryFile(w.chair.c, `pack-${tag}.pdf`, pdf);
  emlId = await libraryFile(w.chair.c, `mail-${tag}.eml`, emlHtmlOnly('Thursday', `The <b>quorum${tag}</b> rule &amp; the agenda`), 'message/rfc822');
  docxId = await libraryFile(w.chair.c, `minutes-${tag}.docx`, await docxFile(`Resolution on the venue${tag} contract`), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  // 3 MiB of text: a word at the start, another at the end, past the 2 MiB bound (EXTRACT_MAX_TEXT_KB)
  const filler = 'lorem ipsum dolor sit amet '.repeat(Math.ceil((3 * 1024 * 1024) / 27));
  bigId = await libraryFile(w.chair.c, `big-${tag}.txt`, Buffer.from(`headword${tag} ${filler} tailword${tag}\n`), 'text/plain');
});
afterAll(() => closeRedis());

describe('search inside files', () => {
  it('reads the PDF page by page in its job, its state on the viewer fetch, the details and the search result', async () => {
    expect(await extracted(w.chair.c, pdfId)).toEqual({ status: 'done', pages: 3, truncated: false });
    expect(expectOk(await w.chair.c.get(`/library/${pdfId}`)).text_index).toEqual({ status: 'done', pages: 3, truncated: false });
    expect(files(expectOk(await search(w.chair.c, `annex ${tag}`)))[0].text_index).toEqual({ status: 'done', pages: 3, truncated: false });
  });

  it('finds the Arabic phrase written with diacritics by its bare spelling, on page 2, the match marked', async () => {
    const hits = files(expectOk(await search(w.chair.c, 'الميزانية السنوية')));
    expect(hits.map((h) => [h.id, h.page])).toEqual([[pdfId, 2]]);
    expect(hits[0]).toMatchObject({ kind: 'file', title: `pack-${tag}.pdf`, file_kind: 'pdf' });
    expect(foldText(marked(hits[0]))).toBe(foldText('الميزانية السنوية'));
    // the hamza-less alef of اعتماد's neighbours and teh marbuta written as heh
    expect(files(expectOk(await search(w.chair.c, 'اعتماد الميزانيه'))).map((h) => h.page)).toEqual([2]);
    // the page writes اعتماد with a bare alef: the word typed with a hamza below (إ) or above (أ), or a madda (آ), finds it
    for (const alef of ['إعتماد', 'أعتماد', 'آعتماد']) {
      expect(files(expectOk(await search(w.chair.c, `${alef} الميزانية`))).map((h) => [h.id, h.page])).toEqual([[pdfId, 2]]);
    }
  });

  it('finds a page by its words apart, the page with the most of the query first', async () => {
    const hits = files(expectOk(await search(w.chair.c, `للمجلس السنوية`)));
    expect(hits.map((h) => [h.id, h.page])).toEqual([[pdfId, 2]]);
    const annex = files(expectOk(await search(w.chair.c, `annex ${tag}`)));
    expect(annex.map((h) => [h.id, h.page])).toEqual([[pdfId, 3]]);
  });

  it('finds an e-mail by a word of its HTML body (tags, styles and scripts are not text)', async () => {
    expect((await extracted(w.chair.c, emlId)).status).toBe('done');
    const hits = files(expectOk(await search(w.chair.c, `quorum${tag}`)));
    expect(hits.map((h) => [h.id, h.page, h.file_kind])).toEqual([[emlId, null, 'email']]);
    expect(marked(hits[0])).toBe(`quorum${tag}`);
    expect(hits[0].passage.text).toContain('rule & the agenda');
    expect(files(expectOk(await search(w.chair.c, 'scriptword')))).toEqual([]);
  });

  it('finds a .docx by a word of its text, through its PDF rendering, with the page', async () => {
    expect((await extracted(w.chair.c, docxId, 200_000)).status).toBe('done');
    const hits = files(expectOk(await search(w.chair.c, `venue${tag}`)));
    expect(hits.map((h) => [h.id, h.page, h.file_kind])).toEqual([[docxId, 1, 'word']]);
  });

  it('a member without access to the file finds nothing in it, until it is shared with them', async () => {
    expect(files(expectOk(await search(w.m1.c, 'الميزانية السنوية')))).toEqual([]);
    expect(files(expectOk(await search(w.outsider.c, `quorum${tag}`)))).toEqual([]);
    expectOk(await w.chair.c.post('/share', { id: pdfId, users: [{ user_id: w.m1.userId }] }));
    expect(files(expectOk(await search(w.m1.c, 'الميزانية السنوية'))).map((h) => [h.id, h.page])).toEqual([[pdfId, 2]]);
  });

  it('keeps at most the bound of a file\'s text: the beginning is searched, the rest is not', async () => {
    expect(await extracted(w.chair.c, bigId)).toEqual({ status: 'done', pages: 1, truncated: true });
    const head = files(expectOk(await search(w.chair.c, `headword${tag}`)));
    expect(head.map((h) => [h.id, h.text_index])).toEqual([[bigId, { status: 'done', pages: 1, truncated: true }]]);
    expect(files(expectOk(await search(w.chair.c, `tailword${tag}`)))).toEqual([]);
  });

  it('a new version replaces the text of the old one', async () => {
    const next = await pdfWithPages([[`Replaced ${tag}`, `newword${tag}`]]);
    const r = await w.chair.c.upload(`/library/update/${pdfId}`, {}, { file: { name: `pack-${tag}.pdf`, type: 'application/pdf', data: next } });
    expect(r.status).toBe(200);
    await waitFor('the new version\'s text', async () => {
      const f = expectOk(await w.chair.c.get(`/library/fetch/${pdfId}`));
      return f.text_index.status === 'done' && f.text_index.pages === 1;
    }, 60_000, 500);
    expect(files(expectOk(await search(w.chair.c, `newword${tag}`))).map((h) => [h.id, h.page])).toEqual([[pdfId, 1]]);
    expect(files(expectOk(await search(w.chair.c, 'الميزانية السنوية')))).toEqual([]);
  });
});
