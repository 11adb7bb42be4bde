import { PDFDict, PDFDocument, PDFName, PDFNumber } from 'pdf-lib';
import { annotatePdf, pdfDate, rgbOf, type ExportMark } from './annotated-pdf';

const at = new Date('2026-03-04T05:06:07Z');
const mark = (m: Partial<ExportMark>): ExportMark => ({ page: 1, kind: 'note', geometry: { x: 0.5, y: 0.5 }, quote: null, text: 'n', color: null, author: 'A', at, orphaned: false, replies: [], ...m });

describe('rgbOf', () => {
  it.each([
    ['#ff0000', 'note', [1, 0, 0]],
    ['#2293fb', 'drawing', [0.133, 0.576, 0.984]],
    [null, 'highlight', [1, 0.867, 0]],
    ['red', 'drawing', [0.898, 0.224, 0.208]],
  ] as const)('%s (%s)', (hex, kind, want) => expect(rgbOf(hex, kind)).toEqual(want));
});

describe('pdfDate', () => {
  it('is the PDF date of the instant, in UTC', () => expect(pdfDate(at)).toBe('D:20260304050607Z'));
});

describe('annotatePdf', () => {
  const twoPages = async () => {
    const d = await PDFDocument.create();
    d.addPage([600, 800]);
    d.addPage([600, 800]);
    return d.save();
  };
  const subtypes = async (bytes: Uint8Array) => {
    const d = await PDFDocument.load(bytes);
    return d.getPages().map((p) => (p.node.Annots()?.asArray() ?? []).map((r) => d.context.lookup(r, PDFDict).lookup(PDFName.of('Subtype'), PDFName).decodeText()));
  };

  it.each([
    ['a note: /Text and its /Popup', [mark({})], 1, 0, [['Popup', 'Text'], []]],
    ['a mark on a page the document does not have is skipped', [mark({ page: 3 })], 0, 1, [[], []]],
    ['an orphaned mark is skipped', [mark({ orphaned: true })], 0, 1, [[], []]],
    ['a geometry that is not the kind\'s is skipped', [mark({ kind: 'drawing', geometry: { x: 0.1, y: 0.1 } })], 0, 1, [[], []]],
    ['a highlight and a drawing on page 2', [mark({ page: 2, kind: 'highlight', geometry: { rects: [{ x: 0, y: 0, w: 1, h: 0.1 }] } }), mark({ page: 2, kind: 'drawing', geometry: { paths: [{ points: [[0, 0], [1, 1]] }] } })], 2, 0, [[], ['Highlight', 'Ink']]],
    ['a see-through drawing (a highlighter\'s) on page 1', [mark({ kind: 'drawing', geometry: { paths: [{ points: [[0, 0], [1, 1]] }], width: 0.016, opacity: 0.35 } })], 1, 0, [['Ink'], []]],
    ['a reply: a /Text (and popup) after its annotation', [mark({ replies: [{ text: 'r', author: 'B', at }] })], 1, 0, [['Popup', 'Text', 'Popup', 'Text'], []]],
  ])('%s', async (_, marks, written, skipped, want) => {
    const r = await annotatePdf(await twoPages(), marks);
    expect({ written: r.written, skipped: r.skipped }).toEqual({ written, skipped });
    expect(await subtypes(r.bytes)).toEqual(want);
  });
});

describe('annotatePdf: the ink\'s opacity', () => {
  it.each([
    ['a highlighter drawing: /CA its opacity', { opacity: 0.35 }, 0.35],
    ['an opaque drawing: no /CA', {}, null],
    ['opacity 1: no /CA', { opacity: 1 }, null],
  ])('%s', async (_, extra, want) => {
    const d = await PDFDocument.create();
    d.addPage([600, 800]);
    const r = await annotatePdf(await d.save(), [mark({ kind: 'drawing', geometry: { paths: [{ points: [[0.1, 0.1], [0.9, 0.1]] }], width: 0.016, ...extra } })]);
    const out = await PDFDocument.load(r.bytes);
    const ink = out.context.lookup(out.getPage(0).node.Annots()!.get(0), PDFDict);
    expect(ink.lookupMaybe(PDFName.of('CA'), PDFNumber)?.asNumber() ?? null).toBe(want);
  });
});
