/**
 * The export of a file with its shared annotations (docs/annotations.md#export): GET /api/library/{id}/annotations/export
 * streams the PDF with the annotations the caller may see written in as real PDF annotations — a highlight as
 * /Highlight (QuadPoints on the page), a note as /Text with its /Popup, a drawing as /Ink, a reply as /Text in reply
 * to its annotation (/IRT) — read back here with pdf-lib. Another member's private note is never in it; the download
 * policy applies (403 view only); 404 for someone who may not see the file.
 */
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRef, PDFString } from 'pdf-lib';
import { pdfFile } from '@app/testing';
import { GATEWAY, closeRedis, expectOk, world, type Person, type World } from '../meeting/helpers';

jest.setTimeout(120_000);

let w: World;
let fileId: number;
const path = () => `/library/${fileId}/annotations`;
const setPolicy = (p: Person, id: number, value: string | null) => p.c.put('/download-policy', { level: 'file', id, policy: value });

async function exported(p: Person): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
  const res = await fetch(`${GATEWAY}/api/library/${fileId}/annotations/export`, { headers: { 'x-org': w.org.slug, token: p.token } });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}

interface Annot {
  page: number;
  subtype: string;
  contents: string;
  author: string;
  dict: PDFDict;
  ref: PDFRef;
}
/** every annotation of every page, as pdf-lib reads them back */
async function annotsOf(bytes: Buffer): Promise<{ doc: PDFDocument; annots: Annot[] }> {
  const doc = await PDFDocument.load(bytes);
  const annots: Annot[] = [];
  doc.getPages().forEach((page, i) => {
    const arr = page.node.Annots();
    if (!arr) return;
    for (let k = 0; k < arr.size(); k++) {
      const ref = arr.get(k) as PDFRef;
      const dict = doc.context.lookup(ref, PDFDict);
      const str = (n: string) => {
        const v = dict.lookup(PDFName.of(n));
        return v instanceof PDFHexString || v instanceof PDFString ? v.decodeText() : '';
      };
      annots.push({ page: i + 1, subtype: dict.lookup(PDFName.of('Subtype'), PDFName).decodeText(), contents: str('Contents'), author: str('T'), dict, ref });
    }
  });
  return { doc, annots };
}
const nums = (d: PDFDict, key: string): number[] => d.lookup(PDFName.of(key), PDFArray).asArray().map((n) => (n as PDFNumber).asNumber());

beforeAll(async () => {
  w = await world();
  const up = await w.m1.c.upload('/library', {}, { file: { name: 'Pack.pdf', type: 'application/pdf', data: await pdfFile(2, 'Board pack') } });
  fileId = expectOk(up).id;
  expectOk(await w.m1.c.post('/share', { id: fileId, users: [{ user_id: w.m2.userId, can_edit: false }] }));
  const highlight = expectOk(await w.m1.c.post(path(), { page: 1, kind: 'highlight', geometry: { rects: [{ x: 0.1, y: 0.2, w: 0.5, h: 0.05 }, { x: 0.1, y: 0.25, w: 0.3, h: 0.05 }] }, quote: 'Board pack', text: 'Look at this', visibility: 'committee', color: '#ffdd00' }));
  expectOk(await w.m1.c.post(path(), { page: 2, kind: 'drawing', geometry: { paths: [{ points: [[0.1, 0.1], [0.2, 0.3], [0.4, 0.35]] }, { points: [[0.5, 0.5], [0.6, 0.6]] }], width: 0.004 }, color: '#2293fb', visibility: 'committee' }));
  expectOk(await w.m1.c.post(path(), { page: 1, kind: 'note', geometry: { x: 0.5, y: 0.5 }, text: 'Mine alone (m1)' }));
  expectOk(await w.m2.c.post(path(), { page: 2, kind: 'note', geometry: { x: 0.25, y: 0.75 }, text: 'ملاحظتي الخاصة' }));
  expectOk(await w.m2.c.post(`${path()}/${highlight.id}/replies`, { text: 'Agreed' }));
});
afterAll(() => closeRedis());

describe('GET /api/library/{id}/annotations/export', () => {
  it('member2 gets the PDF with the shared highlight, the drawing, the reply and their own note as PDF annotations, never member1\'s private note', async () => {
    const r = await exported(w.m2);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(r.headers.get('content-disposition')).toContain('Pack (annotated).pdf');
    expect(r.headers.get('x-annotations')).toBe('3');
    const { doc, annots } = await annotsOf(r.bytes);
    expect(doc.getPageCount()).toBe(2);
    const visible = annots.filter((a) => a.subtype !== 'Popup');
    expect(visible.map((a) => [a.page, a.subtype, a.contents]).sort()).toEqual([
      [1, 'Highlight', 'Look at this'],
      [1, 'Text', 'Agreed'],
      [2, 'Ink', ''],
      [2, 'Text', 'ملاحظتي الخاصة'],
    ].sort());
    expect(annots.map((a) => a.contents).join(' ')).not.toContain('Mine alone');

    // the highlight: two quads in default user space (top-left origin turned to PDF's bottom-left), its author, colour
    const { width, height } = doc.getPage(0).getSize();
    const hl = visible.find((a) => a.subtype === 'Highlight')!;
    expect(hl.author).toBe(w.m1.name);
    const q = nums(hl.dict, 'QuadPoints');
    expect(q).toHaveLength(16);
    expect(q[0]).toBeCloseTo(0.1 * width, 1);
    expect(q[1]).toBeCloseTo((1 - 0.2) * height, 1);
    expect(q[2]).toBeCloseTo(0.6 * width, 1);
    expect(q[5]).toBeCloseTo((1 - 0.25) * height, 1);
    expect(nums(hl.dict, 'C')).toEqual([1, 0.867, 0]);
    // the reply is a /Text in reply to the highlight
    const reply = visible.find((a) => a.contents === 'Agreed')!;
    expect(reply.dict.get(PDFName.of('IRT'))).toEqual(hl.ref);
    expect(reply.author).toBe(w.m2.name);
    // the note has its popup, whose parent is the note
    const note = visible.find((a) => a.contents === 'ملاحظتي الخاصة')!;
    const popupRef = note.dict.get(PDFName.of('Popup')) as PDFRef;
    const popup = annots.find((a) => a.ref === popupRef || (a.subtype === 'Popup' && a.ref.toString() === popupRef.toString()))!;
    expect(popup.subtype).toBe('Popup');
    expect(popup.dict.get(PDFName.of('Parent'))!.toString()).toBe(note.ref.toString());
    const rect = nums(note.dict, 'Rect');
    expect(rect[0]).toBeCloseTo(0.25 * width, 1);
    expect(rect[3]).toBeCloseTo((1 - 0.75) * height, 1);
    // the drawing: one InkList entry per path, the points in order
    const ink = visible.find((a) => a.subtype === 'Ink')!;
    const inkList = ink.dict.lookup(PDFName.of('InkList'), PDFArray).asArray().map((p) => (p as PDFArray).asArray().map((n) => (n as PDFNumber).asNumber()));
    expect(inkList.map((l) => l.length)).toEqual([6, 4]);
    expect(inkList[0][0]).toBeCloseTo(0.1 * width, 1);
    expect(inkList[0][1]).toBeCloseTo(0.9 * height, 1);
    expect(nums(ink.dict, 'C')).toEqual([0.133, 0.576, 0.984]);
  });

  it("member1 gets their own private note and the shared ones, never member2's private note", async () => {
    const r = await exported(w.m1);
    expect(r.status).toBe(200);
    const { annots } = await annotsOf(r.bytes);
    const contents = annots.filter((a) => a.subtype !== 'Popup').map((a) => a.contents);
    expect(contents).toEqual(expect.arrayContaining(['Look at this', 'Agreed', 'Mine alone (m1)']));
    expect(contents).not.toContain('ملاحظتي الخاصة');
    expect(annots.filter((a) => a.subtype === 'Ink')).toHaveLength(1);
  });

  it('someone who may not see the file gets 404; view only gets 403; both write nothing', async () => {
    expect((await exported(w.editor)).status).toBe(404);
    expectOk(await setPolicy(w.admin, fileId, 'view_only'));
    try {
      expect((await exported(w.m2)).status).toBe(403);
    } finally {
      expectOk(await setPolicy(w.admin, fileId, null));
    }
    expect((await exported(w.m2)).status).toBe(200);
  });

  it("a highlighter's drawing keeps its see-through ink: /Ink with /CA 0.35 (an opaque drawing has no /CA); a bad opacity is 409, nothing written", async () => {
    const bad = await w.m1.c.post(path(), { page: 1, kind: 'drawing', geometry: { paths: [{ points: [[0.2, 0.2]] }], width: 0.012, opacity: 2 }, color: '#e53935', visibility: 'committee' });
    expect(bad.status).toBe(409);
    const hl = expectOk(await w.m1.c.post(path(), { page: 1, kind: 'drawing', geometry: { paths: [{ points: [[0.2, 0.6], [0.7, 0.6]] }], width: 0.016, opacity: 0.35 }, color: '#e53935', visibility: 'committee' }));
    expect(hl.geometry).toEqual({ paths: [{ points: [[0.2, 0.6], [0.7, 0.6]] }], width: 0.016, opacity: 0.35 });
    const r = await exported(w.m2);
    expect(r.status).toBe(200);
    const inks = (await annotsOf(r.bytes)).annots.filter((a) => a.subtype === 'Ink');
    expect(inks.map((a) => [a.page, a.dict.lookupMaybe(PDFName.of('CA'), PDFNumber)?.asNumber() ?? null]).sort()).toEqual([[1, 0.35], [2, null]]);
    expect(r.headers.get('x-annotations')).toBe('4');
  });
});

describe('the export as a job: POST /api/library/{id}/annotations/export_jobs, GET /api/library/annotated_exports/{exportId}', () => {
  type State = { id: string; status: string; stage: string; progress: number; name: string | null; url: string | null; annotations: number | null; error: string | null };
  const follow = async (p: Person, id: string): Promise<{ states: State[]; last: State }> => {
    const states: State[] = [];
    for (let i = 0; i < 120; i++) {
      const r = await p.c.get(`/library/annotated_exports/${id}`);
      const st = expectOk(r) as State;
      states.push(st);
      if (st.status === 'done' || st.status === 'failed') return { states, last: st };
      await new Promise((done) => setTimeout(done, 250));
    }
    throw new Error(`export ${id} did not finish: ${JSON.stringify(states.slice(-3))}`);
  };

  it('member2 starts it, follows stage and percent to done, and the presigned URL gives the PDF with the annotations they may see', async () => {
    const started = expectOk(await w.m2.c.post(`/library/${fileId}/annotations/export_jobs`, {})) as State;
    expect(started).toMatchObject({ status: 'queued', stage: 'queued', progress: 0, url: null });
    expect(started.id).toMatch(new RegExp(`^annexp-${w.m2.userId}-`));
    const { states, last } = await follow(w.m2, started.id);
    expect(last).toMatchObject({ status: 'done', stage: 'done', progress: 100, name: 'Pack (annotated).pdf', annotations: 4, error: null });
    // the percent never goes back
    const ps = states.map((x) => x.progress);
    expect(ps).toEqual([...ps].sort((a, b) => a - b));
    const res = await fetch(last.url!);
    expect(res.status).toBe(200);
    const { doc, annots } = await annotsOf(Buffer.from(await res.arrayBuffer()));
    expect(doc.getPageCount()).toBe(2);
    const contents = annots.filter((a) => a.subtype !== 'Popup').map((a) => a.contents);
    expect(contents).toEqual(expect.arrayContaining(['Look at this', 'Agreed', 'ملاحظتي الخاصة']));
    expect(contents).not.toContain('Mine alone (m1)');
    // someone else's export is Not Found to member1, whatever its id
    expect((await w.m1.c.get(`/library/annotated_exports/${started.id}`)).status).toBe(404);
    expect((await w.m1.c.get(`/library/annotated_exports/annexp-${w.m1.userId}-nope`)).status).toBe(404);
  });

  it('refused at once, nothing queued: 404 for someone who may not see the file, 403 view only', async () => {
    expect((await w.editor.c.post(`/library/${fileId}/annotations/export_jobs`, {})).status).toBe(404);
    expectOk(await setPolicy(w.admin, fileId, 'view_only'));
    try {
      expect((await w.m2.c.post(`/library/${fileId}/annotations/export_jobs`, {})).status).toBe(403);
    } finally {
      expectOk(await setPolicy(w.admin, fileId, null));
    }
  });
});
