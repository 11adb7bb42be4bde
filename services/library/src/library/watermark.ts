import fontkit from '@pdf-lib/fontkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { degrees, PDFDocument, rgb, StandardFonts, type PDFFont } from 'pdf-lib';
import type { Watermark } from '@app/contracts';

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
  let font: PDFFont;
  if (WIN_ANSI.test(line)) font = await doc.embedFont(StandardFonts.Helvetica);
  else {
    doc.registerFontkit(fontkit);
    font = await doc.embedFont(unicodeFontBytes(), { subset: false, features: { ccmp: false } });
  }
  const pages = doc.getPages();
  if (!pages.length) throw new NotWatermarkable('no pages');
  for (const page of pages) {
    const box = page.getCropBox();
    // the foot line: small, dark enough to read, fitted to the page's width
    const footSize = Math.max(4, Math.min(8, ((box.width - 24) / Math.max(1, font.widthOfTextAtSize(line, 8))) * 8));
    page.drawText(line, { x: box.x + 12, y: box.y + 8, size: footSize, font, color: rgb(0.35, 0.35, 0.35), opacity: 0.85 });
    // across the middle: large and faint
    const diagonal = Math.hypot(box.width, box.height);
    const size = Math.max(8, Math.min(28, ((diagonal * 0.8) / Math.max(1, font.widthOfTextAtSize(line, 28))) * 28));
    const width = font.widthOfTextAtSize(line, size);
    const angle = Math.atan2(box.height, box.width);
    page.drawText(line, {
      x: box.x + box.width / 2 - (Math.cos(angle) * width) / 2,
      y: box.y + box.height / 2 - (Math.sin(angle) * width) / 2,
      size, font, color: rgb(0.6, 0.6, 0.6), opacity: 0.25, rotate: degrees((angle * 180) / Math.PI),
    });
  }
  return doc.save({ useObjectStreams: true });
}
