import type { DocumentPlacement } from '@app/contracts';
import { planPlacements, unsignedDocuments, type DocPages } from './placement-plan';

const LETTER = { width: 612, height: 792 };
const docs: DocPages[] = [
  { libraryId: 11, pages: [LETTER, LETTER] },
  { libraryId: 12, pages: [{ width: 306, height: 396 }] },
];
const p = (o: Partial<DocumentPlacement>): DocumentPlacement => ({ pageNum: 1, type: 'signature', ...o }) as DocumentPlacement;
const aspect = () => 0.5;
type Row = { lib: number; page: number; type: string; px: number; py: number; width: number; height: number };
const rows = (input: DocumentPlacement[]) =>
  planPlacements(input, docs, aspect).boxes.map((b): Row => ({ lib: b.libraryId, page: b.placement.pageNum, type: b.placement.type, px: b.placement.px, py: b.placement.py, width: b.placement.width, height: b.placement.height }));

describe('planPlacements: sign_data to boxes in PDF points', () => {
  it.each<[string, DocumentPlacement[], Row[]]>([
    ['a box in points stays where it is', [p({ library_id: 11, pageNum: 2, px: 100, py: 200, width: 150, height: 50 })], [{ lib: 11, page: 2, type: 'signature', px: 100, py: 200, width: 150, height: 50 }]],
    ['a box measured on a page drawn at half size is doubled', [p({ library_id: 11, px: 50, py: 100, width: 75, height: 25, pageWidth: 306, pageHeight: 396 })], [{ lib: 11, page: 1, type: 'signature', px: 100, py: 200, width: 150, height: 50 }]],
    ['no position or size: the default box (half wide, centred, top at height / 2.8)', [p({ library_id: 11 })], [{ lib: 11, page: 1, type: 'signature', px: 153, py: 792 / 2.8, width: 306, height: 153 }]],
    ['no library_id: one box on every document, each with its own default', [p({})], [
      { lib: 11, page: 1, type: 'signature', px: 153, py: 792 / 2.8, width: 306, height: 153 },
      { lib: 12, page: 1, type: 'signature', px: 76.5, py: 396 / 2.8, width: 153, height: 76.5 },
    ]],
    ['a stamp keeps its type', [p({ library_id: 12, type: 'stamp', px: 0, py: 0, width: 10, height: 10 })], [{ lib: 12, page: 1, type: 'stamp', px: 0, py: 0, width: 10, height: 10 }]],
  ])('%s', (_n, input, want) => {
    const got = rows(input);
    expect(got).toHaveLength(want.length);
    got.forEach((g, i) => {
      expect([g.lib, g.page, g.type]).toEqual([want[i].lib, want[i].page, want[i].type]);
      for (const k of ['px', 'py', 'width', 'height'] as const) expect(g[k]).toBeCloseTo(want[i][k], 6);
    });
  });

  it.each<[string, DocumentPlacement[], Record<string, string>]>([
    ['a document of another approval', [p({ library_id: 99 })], { 'sign_data.0.library_id': 'The document is not part of this approval.' }],
    ['a page the document lacks', [p({ library_id: 12, pageNum: 2 })], { 'sign_data.0.pageNum': 'The document has no such page.' }],
    ['a box running off the right edge', [p({ library_id: 11, px: 600, py: 10, width: 100, height: 40 })], { 'sign_data.0': 'The box must lie on the page.' }],
    ['the second placement is named by its index', [p({ library_id: 11 }), p({ library_id: 11, pageNum: 3 })], { 'sign_data.1.pageNum': 'The document has no such page.' }],
  ])('%s', (_n, input, errors) => {
    expect(planPlacements(input, docs, aspect).errors).toEqual(errors);
  });

  it('options: those given, the others off', () => {
    const [b] = planPlacements([p({ library_id: 11, options: { showName: true, displayOnBottom: true } })], docs, aspect).boxes;
    expect(b.placement.options).toEqual({ displayOnBottom: true, showName: true, showTitle: false, showDate: false, showReason: false, applyToAll: false });
  });
});

describe('unsignedDocuments: every document needs a signature on a page', () => {
  it.each<[string, DocumentPlacement[], number[]]>([
    ['both signed', [p({ library_id: 11 }), p({ library_id: 12 })], []],
    ['one box for every document', [p({})], []],
    ['the second has none', [p({ library_id: 11 })], [12]],
    ['a stamp is not a signature', [p({ library_id: 11 }), p({ library_id: 12, type: 'stamp' })], [12]],
    ['nothing placed', [], [11, 12]],
  ])('%s', (_n, input, want) => {
    expect(unsignedDocuments(planPlacements(input, docs, aspect).boxes, docs)).toEqual(want);
  });
});
