import type { PlacedBox, Placement } from '@app/contracts';

/** a box as stored (repositories/placements.repository), the fields this rule reads */
export interface StoredBox extends PlacedBox {
  libraryId: number;
  pageNum: number;
  type: string;
  options: unknown;
}

/**
 * A stored box (the sender's, or the signer's own saved draft) as a placement to stamp. Stamp boxes need a stamp
 * image the details page does not give: only signature boxes. A box saved with no lines chosen (the sender's) shows
 * the signer's name and the date inside it, under the signature (docs/approval.md).
 */
export function fromStored(r: StoredBox): Placement[] {
  if (r.type !== 'signature') return [];
  const o = r.options as Placement['options'];
  const chosen = o.showName || o.showTitle || o.showDate || o.showReason;
  return [{
    library_id: r.libraryId, pageNum: r.pageNum, type: 'signature', px: r.px, py: r.py, width: r.width, height: r.height, pageWidth: r.pageWidth, pageHeight: r.pageHeight,
    options: chosen ? o : { ...o, showName: true, showDate: true, inside: true },
  }];
}
