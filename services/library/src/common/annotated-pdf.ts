import { PDFArray, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFString, type PDFDict, type PDFPage, type PDFRef } from 'pdf-lib';

/**
 * A PDF with shared annotations as real PDF annotations (docs/annotations.md#export): a highlight becomes a
 * `/Highlight` (QuadPoints per rectangle), a note a `/Text` with its `/Popup`, a drawing an `/Ink` (one InkList entry
 * per path), and each reply a `/Text` in reply to its annotation (`/IRT`). Geometry is normalized to 0..1 from the
 * top-left of the unrotated page, so it maps onto the page's crop box in default user space whatever the page's
 * /Rotate. A mark that is orphaned or on a page the document no longer has is left out (counted as skipped).
 */
export interface ExportReply {
  text: string | null;
  author: string;
  at: Date;
}
export interface ExportMark {
  page: number;
  kind: string;
  geometry: unknown;
  quote: string | null;
  text: string | null;
  color: string | null;
  author: string;
  at: Date;
  orphaned: boolean;
  replies: ExportReply[];
}

type Rect = { x: number; y: number; w: number; h: number };
const DEFAULT_COLOR: Record<string, string> = { highlight: '#ffdd00', note: '#ffb300', drawing: '#e53935' };

/** '#rrggbb' as PDF colour components 0..1 */
export function rgbOf(hex: string | null, kind: string): number[] {
  const h = /^#[0-9a-f]{6}$/i.test(hex ?? '') ? hex! : (DEFAULT_COLOR[kind] ?? '#ffdd00');
  return [1, 3, 5].map((i) => Math.round((parseInt(h.slice(i, i + 2), 16) / 255) * 1000) / 1000);
}

/** a PDF date (D:YYYYMMDDHHmmSSZ) */
export function pdfDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `D:${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}Z`;
}

const round = (n: number) => Math.round(n * 100) / 100;

export async function annotatePdf(bytes: Uint8Array, marks: readonly ExportMark[]): Promise<{ bytes: Uint8Array; written: number; skipped: number }> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const pages = doc.getPages();
  let written = 0;
  let skipped = 0;
  for (const m of marks) {
    const page = pages[m.page - 1];
    if (!page || m.orphaned) {
      skipped++;
      continue;
    }
    const made = annotationOf(doc, page, m);
    if (!made) {
      skipped++;
      continue;
    }
    add(page, made);
    for (const r of m.replies) add(page, textAnnot(doc, page, { x: 0, y: 0 }, r.text ?? '', r.author, r.at, rgbOf(m.color, m.kind), made));
    written++;
  }
  return { bytes: await doc.save({ useObjectStreams: false }), written, skipped };
}

function add(page: PDFPage, ref: PDFRef): void {
  const existing = page.node.Annots();
  if (existing) existing.push(ref);
  else page.node.set(PDFName.of('Annots'), page.doc.context.obj([ref]));
}

/** page coordinates (0..1 from the top-left) to default user space on the crop box */
function mapper(page: PDFPage) {
  const b = page.getCropBox();
  return { x: (u: number) => round(b.x + u * b.width), y: (v: number) => round(b.y + (1 - v) * b.height), box: b };
}

const text = (s: string) => PDFHexString.fromText(s);

function base(subtype: string, rect: number[], m: { text: string | null; author: string; at: Date }, color: number[]): Record<string, unknown> {
  return {
    Type: 'Annot',
    Subtype: subtype,
    Rect: rect,
    Contents: text(m.text ?? ''),
    T: text(m.author),
    M: PDFString.of(pdfDate(m.at)),
    CreationDate: PDFString.of(pdfDate(m.at)),
    C: color,
    F: 4,
  };
}

function annotationOf(doc: PDFDocument, page: PDFPage, m: ExportMark): PDFRef | null {
  const map = mapper(page);
  const color = rgbOf(m.color, m.kind);
  const g = (m.geometry ?? {}) as Record<string, unknown>;
  if (m.kind === 'highlight' && Array.isArray(g.rects) && g.rects.length) {
    const rects = g.rects as Rect[];
    const quads: number[] = [];
    let [x1, y1, x2, y2] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const r of rects) {
      const [l, rt, top, bottom] = [map.x(r.x), map.x(r.x + r.w), map.y(r.y), map.y(r.y + r.h)];
      // the order readers draw: top-left, top-right, bottom-left, bottom-right
      quads.push(l, top, rt, top, l, bottom, rt, bottom);
      [x1, y1, x2, y2] = [Math.min(x1, l), Math.min(y1, bottom), Math.max(x2, rt), Math.max(y2, top)];
    }
    const dict = doc.context.obj({ ...base('Highlight', [x1, y1, x2, y2], { ...m, text: m.text ?? m.quote }, color), QuadPoints: quads, CA: 0.4 } as never);
    return doc.context.register(dict);
  }
  if (m.kind === 'note' && typeof g.x === 'number' && typeof g.y === 'number') {
    return textAnnot(doc, page, { x: g.x, y: g.y }, m.text ?? '', m.author, m.at, color, null);
  }
  if (m.kind === 'drawing' && Array.isArray(g.paths) && g.paths.length) {
    const ink: number[][] = [];
    let [x1, y1, x2, y2] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const p of g.paths as { points: [number, number][] }[]) {
      const line: number[] = [];
      for (const [u, v] of p.points) {
        const [x, y] = [map.x(u), map.y(v)];
        line.push(x, y);
        [x1, y1, x2, y2] = [Math.min(x1, x), Math.min(y1, y), Math.max(x2, x), Math.max(y2, y)];
      }
      ink.push(line);
    }
    const width = round(Math.max(0.5, (typeof g.width === 'number' ? g.width : 0.003) * Math.min(map.box.width, map.box.height)));
    const dict = doc.context.obj({ ...base('Ink', [x1 - width, y1 - width, x2 + width, y2 + width], m, color), InkList: ink, BS: { W: width, S: 'S' }, ...(typeof g.opacity === 'number' && g.opacity < 1 ? { CA: g.opacity } : {}) } as never);
    return doc.context.register(dict);
  }
  return null;
}

/** a /Text annotation (an icon with its popup); a reply is one too, `/IRT` its annotation, at the annotation's place */
function textAnnot(doc: PDFDocument, page: PDFPage, at: { x: number; y: number }, body: string, author: string, when: Date, color: number[], inReplyTo: PDFRef | null): PDFRef {
  const map = mapper(page);
  const [x, y] = inReplyTo ? replyAnchor(doc, inReplyTo) : [map.x(at.x), map.y(at.y)];
  const rect = [x, y - 20, x + 20, y];
  const ref = doc.context.nextRef();
  const popup = doc.context.register(doc.context.obj({ Type: 'Annot', Subtype: 'Popup', Rect: [x + 20, y - 120, x + 220, y], Parent: ref, Open: false } as never));
  const dict = doc.context.obj({
    ...base('Text', rect, { text: body, author, at: when }, color),
    Name: 'Comment',
    Open: false,
    Popup: popup,
    ...(inReplyTo ? { IRT: inReplyTo, RT: 'R' } : {}),
    // print, no zoom, no rotate: an icon keeps its size, as readers make theirs
    F: 28,
  } as never);
  doc.context.assign(ref, dict);
  add(page, popup);
  return ref;
}

/** a reply sits on its annotation's top-left corner */
function replyAnchor(doc: PDFDocument, parent: PDFRef): [number, number] {
  const d = doc.context.lookup(parent) as PDFDict;
  const r = d.lookup(PDFName.of('Rect'), PDFArray);
  const n = (i: number) => (r.get(i) as PDFNumber).asNumber();
  return [n(0), n(3)];
}
