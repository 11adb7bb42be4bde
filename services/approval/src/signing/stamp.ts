import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFImage } from 'pdf-lib';
import type { Placement } from '@app/contracts';
import { logger } from '@app/platform';

/** png or jpeg, decided by the bytes (not by the data URL's label); null for anything else */
export function imageKind(bytes: Uint8Array): 'png' | 'jpeg' | null {
  if (bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47 && bytes[4] === 0x0d && bytes[5] === 0x0a && bytes[6] === 0x1a && bytes[7] === 0x0a) return 'png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return null;
}

/** 'data:image/png;base64,…' -> its bytes and their kind (null when the content is not png or jpeg) */
export function decodeImage(dataUrl: string): { bytes: Uint8Array; kind: 'png' | 'jpeg' } | null {
  const m = /^data:image\/(png|jpe?g);base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl);
  if (!m) return null;
  const bytes = Buffer.from(m[2], 'base64');
  const kind = imageKind(bytes);
  return kind ? { bytes, kind } : null;
}

/** can pdf-lib embed this image (a png or jpeg header over bytes it cannot decode cannot be stamped)? */
export async function embeddable(image: { bytes: Uint8Array; kind: 'png' | 'jpeg' }): Promise<boolean> {
  const doc = await PDFDocument.create();
  try {
    await (image.kind === 'png' ? doc.embedPng(image.bytes) : doc.embedJpg(image.bytes));
    return true;
  } catch (err) {
    logger().info({ err }, 'a signature image pdf-lib cannot decode');
    return false;
  }
}

/** Helvetica writes WinAnsi only: other characters become '?' (a Unicode font is on the to-do list). */
export const winAnsi = (s: string): string => s.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?');

export interface Box {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  options: Placement['options'];
  /** the box's own image (a data URL), when it is not the signer's signature (a stamp) */
  src?: string;
}

/**
 * Placements (drawn on a page of pageWidth x pageHeight, origin top-left) -> boxes in PDF points (origin
 * bottom-left) on 0-based pages. `applyToAll` repeats a box on every page. None: the default box on the last
 * page: half the page wide, at the page height divided by 2.8 from the top, centred.
 */
export function boxesFor(pages: { width: number; height: number }[], placements: readonly Placement[], aspect: number): Box[] {
  const none = { displayOnBottom: false, showName: true, showTitle: false, showDate: true, showReason: false, applyToAll: false };
  if (!placements.length) {
    const last = pages.length - 1;
    const { width: W, height: H } = pages[last];
    const w = W / 2;
    const h = w * aspect;
    return [{ page: last, x: (W - w) / 2, y: H - H / 2.8 - h, width: w, height: h, options: none }];
  }
  const out: Box[] = [];
  for (const p of placements) {
    const targets = p.options.applyToAll ? pages.map((_, i) => i) : [p.pageNum - 1];
    for (const i of targets) {
      const { width: W, height: H } = pages[i];
      const sx = W / p.pageWidth;
      const sy = H / p.pageHeight;
      out.push({ page: i, x: p.px * sx, y: H - p.py * sy - p.height * sy, width: p.width * sx, height: p.height * sy, options: p.options, ...(p.src ? { src: p.src } : {}) });
    }
  }
  return out;
}

export interface StampText {
  name: string;
  title: string | null;
  date: string;
  reason: string | null;
}

/** The signature image on every box, with the chosen lines (name, title, date, reason) to its right or below. */
export async function stampPdf(pdf: Uint8Array, image: { bytes: Uint8Array; kind: 'png' | 'jpeg' }, placements: readonly Placement[], text: StampText): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const signature: PDFImage = image.kind === 'png' ? await doc.embedPng(image.bytes) : await doc.embedJpg(image.bytes);
  const font: PDFFont = await doc.embedFont(StandardFonts.Helvetica);
  const pages = doc.getPages();
  const boxes = boxesFor(pages.map((p) => p.getSize()), placements, signature.height / signature.width);
  // a box with its own image (a stamp) embeds it once, however many boxes show it
  const own = new Map<string, PDFImage>();
  const imageOf = async (src: string): Promise<PDFImage> => {
    const hit = own.get(src);
    if (hit) return hit;
    const d = decodeImage(src);
    if (!d) throw new Error('a placement image is not png or jpeg');
    const embedded = d.kind === 'png' ? await doc.embedPng(d.bytes) : await doc.embedJpg(d.bytes);
    own.set(src, embedded);
    return embedded;
  };
  for (const b of boxes) {
    const page = pages[b.page];
    const img = b.src ? await imageOf(b.src) : signature;
    // the image keeps its proportions inside the box
    const scale = Math.min(b.width / img.width, b.height / img.height);
    const w = img.width * scale;
    const h = img.height * scale;
    page.drawImage(img, { x: b.x + (b.width - w) / 2, y: b.y + (b.height - h) / 2, width: w, height: h });
    const lines = [
      b.options.showName ? text.name : null,
      b.options.showTitle ? text.title : null,
      b.options.showDate ? text.date : null,
      b.options.showReason && text.reason ? text.reason : null,
    ].filter((l): l is string => !!l).map(winAnsi);
    const size = 8;
    lines.forEach((l, i) => {
      const x = b.options.displayOnBottom ? b.x : b.x + b.width + 4;
      const y = b.options.displayOnBottom ? b.y - (i + 1) * (size + 2) : b.y + b.height - (i + 1) * (size + 2);
      page.drawText(l, { x, y, size, font, color: rgb(0.1, 0.1, 0.1) });
    });
  }
  return doc.save({ useObjectStreams: false });
}

/** pages of a PDF (refuses what pdf-lib cannot read) */
export async function pageCount(pdf: Uint8Array): Promise<number> {
  return (await PDFDocument.load(pdf, { updateMetadata: false })).getPageCount();
}
