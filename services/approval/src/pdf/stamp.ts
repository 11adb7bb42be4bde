import fontkit from '@pdf-lib/fontkit';
import { degrees, PDFDocument, rgb, StandardFonts, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import type { Placement } from '@app/contracts';
import { drawRuns, logger } from '@app/platform';
import { arabicFontBytes } from './fonts';

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

/** Helvetica writes WinAnsi only: other characters become '?' (text beyond it is drawn in Noto Naskh Arabic). */
export const winAnsi = (s: string): string => s.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?');

/**
 * A page as a viewer shows it: its crop box (what pdf.js and poppler draw; the media box when there is none)
 * turned by its /Rotate (clockwise, a multiple of 90). The web places boxes on the page as shown, top-left
 * origin; `toUser` maps a point of the shown page (bottom-left origin, as `boxesFor` gives it) to the page's own
 * user space, where pdf-lib draws.
 */
export interface PageFrame {
  x: number;
  y: number;
  /** of the crop box, before the rotation */
  width: number;
  height: number;
  rotation: 0 | 90 | 180 | 270;
}

export function frameOf(page: PDFPage): PageFrame {
  const box = page.getCropBox();
  const turned = ((Math.round(page.getRotation().angle / 90) * 90) % 360 + 360) % 360;
  return { x: box.x, y: box.y, width: box.width, height: box.height, rotation: turned as PageFrame['rotation'] };
}

/** the size of the page as shown (width and height swap on a quarter turn) */
export function shownSize(f: PageFrame): { width: number; height: number } {
  return f.rotation === 90 || f.rotation === 270 ? { width: f.height, height: f.width } : { width: f.width, height: f.height };
}

/** a point of the shown page (points, origin at its bottom-left corner) -> the same point in the page's user space */
export function toUser(f: PageFrame, p: number, q: number): { x: number; y: number } {
  const { width: W, height: H } = f;
  const at = f.rotation === 90 ? { x: W - q, y: p } : f.rotation === 180 ? { x: W - p, y: H - q } : f.rotation === 270 ? { x: q, y: H - p } : { x: p, y: q };
  return { x: f.x + at.x, y: f.y + at.y };
}

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
 * Placements (drawn on a page of pageWidth x pageHeight, origin top-left) -> boxes in points of the page as
 * shown (origin bottom-left; `toUser` turns them into the page's user space) on 0-based pages. `applyToAll` repeats a box on every page. None: the default box on the last
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

/** a font for each line: Helvetica for WinAnsi text, Noto Naskh Arabic (embedded once, when a line needs it) for the rest */
function fontsFor(doc: PDFDocument): (line: string) => Promise<{ font: PDFFont; runs: { text: string }[] }> {
  let latin: Promise<PDFFont> | null = null;
  let unicode: Promise<PDFFont> | null = null;
  return async (line) => {
    if (winAnsi(line) === line) {
      latin ??= doc.embedFont(StandardFonts.Helvetica);
      return { font: await latin, runs: [{ text: line }] };
    }
    if (!unicode) {
      doc.registerFontkit(fontkit);
      // the whole font, no glyph decomposition (as on the audit page: pdf-lib's subsetting loses glyphs of this one)
      unicode = doc.embedFont(arabicFontBytes().regular, { subset: false, features: { ccmp: false } });
    }
    // right-to-left runs in visual order, Arabic letters shaped (rtl.ts); a character the font lacks becomes '?'
    const font = await unicode;
    const known = new Set(font.getCharacterSet());
    const safe = [...line].map((c) => (known.has(c.codePointAt(0)!) || /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/.test(c) ? c : '?')).join('');
    return { font, runs: drawRuns(safe) };
  };
}

/**
 * The signature image on every box, with the chosen lines (name, title, date, reason) to its right or below, where
 * the signer put them on the page as shown (a page with /Rotate included: image and lines are turned with it, so
 * they stand upright on screen). Lines in Arabic (or any text Helvetica cannot write) use Noto Naskh Arabic.
 */
export async function stampPdf(pdf: Uint8Array, image: { bytes: Uint8Array; kind: 'png' | 'jpeg' }, placements: readonly Placement[], text: StampText): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const signature: PDFImage = image.kind === 'png' ? await doc.embedPng(image.bytes) : await doc.embedJpg(image.bytes);
  const fontFor = fontsFor(doc);
  const pages = doc.getPages();
  const frames = pages.map(frameOf);
  const boxes = boxesFor(frames.map(shownSize), placements, signature.height / signature.width);
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
    const frame = frames[b.page];
    const rotate = degrees(frame.rotation);
    const img = b.src ? await imageOf(b.src) : signature;
    const lines = [
      b.options.showName ? text.name : null,
      b.options.showTitle ? text.title : null,
      b.options.showDate ? text.date : null,
      b.options.showReason && text.reason ? text.reason : null,
    ].filter((l): l is string => !!l);
    const size = 8;
    // `inside`: the lines take the bottom of the box (as much of it as they need, at most half) and the image the rest
    const block = b.options.inside ? Math.min(b.height / 2, lines.length * (size + 2) + 2) : 0;
    const area = { x: b.x, y: b.y + block, width: b.width, height: b.height - block };
    // the image keeps its proportions inside its area
    const scale = Math.min(area.width / img.width, area.height / img.height);
    const w = img.width * scale;
    const h = img.height * scale;
    const corner = toUser(frame, area.x + (area.width - w) / 2, area.y + (area.height - h) / 2);
    page.drawImage(img, { ...corner, width: w, height: h, rotate });
    for (const [i, l] of lines.entries()) {
      const { font, runs } = await fontFor(l);
      // inside the box a line shrinks to the box's width (never below 4 points)
      const full = runs.reduce((sum, r) => sum + font.widthOfTextAtSize(r.text, size), 0);
      const sz = b.options.inside && full > b.width - 4 ? Math.max(4, (size * (b.width - 4)) / full) : size;
      let x = b.options.inside ? b.x + 2 : b.options.displayOnBottom ? b.x : b.x + b.width + 4;
      const y = b.options.inside ? b.y + block - (i + 1) * (size + 2) : b.options.displayOnBottom ? b.y - (i + 1) * (size + 2) : b.y + b.height - (i + 1) * (size + 2);
      for (const r of runs) {
        page.drawText(r.text, { ...toUser(frame, x, y), size: sz, font, color: rgb(0.1, 0.1, 0.1), rotate });
        x += font.widthOfTextAtSize(r.text, sz);
      }
    }
  }
  return doc.save({ useObjectStreams: false });
}

/** pages of a PDF (refuses what pdf-lib cannot read) */
export async function pageCount(pdf: Uint8Array): Promise<number> {
  return (await PDFDocument.load(pdf, { updateMetadata: false })).getPageCount();
}
