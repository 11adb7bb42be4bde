import { PDFDocument } from 'pdf-lib';
import { decodeImage, frameOf, shownSize } from '../pdf/stamp';

/**
 * The height / width of a png or jpeg data URL, read the way the stamping will read it (pdf-lib); null when the
 * content is not an image pdf-lib can embed (a png or jpeg header over other bytes).
 */
export async function imageAspect(dataUrl: string): Promise<number | null> {
  const img = decodeImage(dataUrl);
  if (!img) return null;
  try {
    const doc = await PDFDocument.create();
    const e = img.kind === 'png' ? await doc.embedPng(img.bytes) : await doc.embedJpg(img.bytes);
    return e.width > 0 ? e.height / e.width : null;
  } catch {
    // undecodable bytes behind a valid header: the caller reports the image as refused
    return null;
  }
}

/**
 * each page's size in points as a viewer shows it (its crop box, width and height swapped by a quarter-turn
 * /Rotate): what the web draws and places boxes on, and what the stamping measures
 */
export async function pageSizes(pdf: Uint8Array): Promise<{ width: number; height: number }[]> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  return doc.getPages().map((p) => shownSize(frameOf(p)));
}
