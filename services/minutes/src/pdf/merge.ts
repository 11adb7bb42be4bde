import { PDFDocument } from 'pdf-lib';
import { writeOutline, type OutlineNode } from './outline';

/**
 * Documents copied one after another into a new PDF, with its title and bookmarks (the board book's merge; the
 * P4 benchmark measures this same function against qpdf).
 */
export async function mergeDocuments(title: string, docs: readonly PDFDocument[], outline: OutlineNode[]): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  out.setTitle(title);
  for (const doc of docs) for (const page of await out.copyPages(doc, doc.getPageIndices())) out.addPage(page);
  if (outline.length) writeOutline(out, outline);
  return out.save();
}
