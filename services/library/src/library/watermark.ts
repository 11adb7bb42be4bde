import fontkit from '@pdf-lib/fontkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { degrees, PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Watermark } from '@app/contracts';
import { drawRuns, ltr } from '@app/platform';

/** WinAnsi (Helvetica's encoding) covers Latin-1 and a few more; anything else needs an embedded font */
const WIN_ANSI = /^[\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]*$/;

let unicodeFont: Buffer | null = null;
/** Noto Naskh Arabic (OFL; Arabic and Latin), the font the approval service stamps with */
function unicodeFontBytes(): Buffer {
  unicodeFont ??= readFileSync(createRequire(__filename).resolve('@expo-google-fonts/noto-naskh-arabic/400Regular/NotoNaskhArabic_400Regular.ttf'));
  return unicodeFont;
}

/** the line a watermark carries: name, e-mail, organization and the time */
export const watermarkLine = (w: Watermark): string => `${w.name} · ${w.email} · ${w.organization} · ${w.time}`;

export class NotWatermarkable extends Error {}

/**
 * Burns the reader's watermark into every page of a PDF (docs/library.md#watermarks): a line along the foot of the
 * page and the same text across its middle, as real text (so `pdftotext` of the copy shows the reader), drawn in
 * the page's own coordinates (its crop box, whatever its rotation). An encrypted or unreadable PDF is refused
 * (NotWatermarkable): a copy without the mark is never handed out in its place.
 */
export async function burnWatermark(pdf: Uint8Array, w: Watermark): Promise<Uint8Array> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(pdf, { updateMetadata: false });
  } catch (e) {
    throw new NotWatermarkable(e instanceof Error ? e.message : String(e));
  }
  const line = watermarkLine(w);
  const latin = await doc.embedFont(StandardFonts.Helvetica);
  /** what is drawn, left to right: each run with its font */
  let runs: Array<{ text: string; font: PDFFont }>;
  if (WIN_ANSI.test(line)) runs = [{ text: line, font: latin }];
  else {
    doc.registerFontkit(fontkit);
    // no glyph decomposition (ccmp): each drawn letter is one glyph and the text extracts as written
    const naskh = await doc.embedFont(unicodeFontBytes(), { subset: false, features: { ccmp: false } });
    // an Arabic name beside a Latin e-mail: runs of one direction in visual order, Arabic letters joined (one way
    // with the approval service's stamps, libs/platform/src/pdf/rtl.ts); one layout of the whole line would turn
    // the e-mail and the time around with the Arabic. A field without Arabic letters (the e-mail, the time, a Latin
    // name) is an isolate, kept whole and left to right, and a run Helvetica can write is drawn with it (the Naskh
    // font's Latin advances differ from what pdf-lib measures for some glyphs: the runs would overlap).
    const fields = [w.name, w.email, w.organization, w.time].map((f) => (WIN_ANSI.test(f) ? ltr(f) : f));
    runs = drawRuns(fields.join(' · ')).map((r) => ({ text: r.text, font: WIN_ANSI.test(r.text) ? latin : naskh }));
  }
  const widthAt = (size: number) => runs.reduce((n, r) => n + r.font.widthOfTextAtSize(r.text, size), 0);
  /** the runs one after the other from (x, y) along the direction `angle` (radians) */
  const draw = (page: PDFPage, x: number, y: number, size: number, angle: number, o: { color: ReturnType<typeof rgb>; opacity: number }) => {
    let along = 0;
    for (const r of runs) {
      page.drawText(r.text, { x: x + Math.cos(angle) * along, y: y + Math.sin(angle) * along, size, font: r.font, ...o, ...(angle ? { rotate: degrees((angle * 180) / Math.PI) } : {}) });
      along += r.font.widthOfTextAtSize(r.text, size);
    }
  };
  const pages = doc.getPages();
  if (!pages.length) throw new NotWatermarkable('no pages');
  for (const page of pages) {
    const box = page.getCropBox();
    // the foot line: small, dark enough to read, fitted to the page's width
    const footSize = Math.max(4, Math.min(8, ((box.width - 24) / Math.max(1, widthAt(8))) * 8));
    draw(page, box.x + 12, box.y + 8, footSize, 0, { color: rgb(0.35, 0.35, 0.35), opacity: 0.85 });
    // across the middle: large and faint
    const diagonal = Math.hypot(box.width, box.height);
    const size = Math.max(8, Math.min(28, ((diagonal * 0.8) / Math.max(1, widthAt(28))) * 28));
    const width = widthAt(size);
    const angle = Math.atan2(box.height, box.width);
    draw(page, box.x + box.width / 2 - (Math.cos(angle) * width) / 2, box.y + box.height / 2 - (Math.sin(angle) * width) / 2, size, angle, { color: rgb(0.6, 0.6, 0.6), opacity: 0.25 });
  }
  return doc.save({ useObjectStreams: true });
}
