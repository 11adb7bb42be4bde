import { DocumentMessages as DM, isOnPage, resolveBox, type DocumentPlacement, type PageSize, type Placement } from '@app/contracts';

/** a document of the approval as placing boxes needs it: its library id and its pages' sizes in points */
export interface DocPages {
  libraryId: number;
  pages: PageSize[];
}

/** a box ready to stamp or store: one document, PDF points of its page (pageWidth x pageHeight = the page) */
export interface PlannedBox {
  /** the placement's index in sign_data (for field errors) */
  index: number;
  libraryId: number;
  assigneeId: number | undefined;
  placement: Placement;
}

export const NO_OPTIONS: Placement['options'] = { displayOnBottom: false, showName: false, showTitle: false, showDate: false, showReason: false, applyToAll: false };

/**
 * sign_data -> boxes per document in PDF points, with the spec's default for what a placement leaves out; field
 * errors (`sign_data.<i>.<field>`) for a document not in the approval, a page the document lacks, a box off the
 * page. A placement without library_id goes to every document. `aspectOf` gives the height / width of the image
 * the box shows (the default box keeps it). Pure.
 */
export function planPlacements(input: readonly DocumentPlacement[], docs: readonly DocPages[], aspectOf: (p: DocumentPlacement) => number): { boxes: PlannedBox[]; errors: Record<string, string> } {
  const boxes: PlannedBox[] = [];
  const errors: Record<string, string> = {};
  input.forEach((p, index) => {
    const at = `sign_data.${index}`;
    const targets = p.library_id === undefined ? docs : docs.filter((d) => d.libraryId === p.library_id);
    if (!targets.length) {
      errors[`${at}.library_id`] = DM.documentNotInApproval;
      return;
    }
    for (const d of targets) {
      const page = d.pages[p.pageNum - 1];
      if (!page) {
        errors[`${at}.pageNum`] = DM.pageMissing;
        return;
      }
      const box = resolveBox(p, page, aspectOf(p));
      if (!isOnPage(box)) {
        errors[at] = DM.placementOffPage;
        return;
      }
      // stored and stamped in the page's own points
      const sx = page.width / box.pageWidth;
      const sy = page.height / box.pageHeight;
      boxes.push({
        index,
        libraryId: d.libraryId,
        assigneeId: p.assignee_id,
        placement: {
          library_id: d.libraryId, pageNum: p.pageNum, type: p.type,
          px: box.px * sx, py: box.py * sy, width: box.width * sx, height: box.height * sy, pageWidth: page.width, pageHeight: page.height,
          options: { ...NO_OPTIONS, ...Object.fromEntries(Object.entries(p.options ?? {}).filter(([, v]) => v !== undefined)) },
          ...(p.src ? { src: p.src } : {}),
        },
      });
    }
  });
  return { boxes, errors };
}

/** the documents that have no signature box (a stamp is not a signature) */
export function unsignedDocuments(boxes: readonly PlannedBox[], docs: readonly DocPages[]): number[] {
  return docs.filter((d) => !boxes.some((b) => b.libraryId === d.libraryId && b.placement.type === 'signature')).map((d) => d.libraryId);
}
