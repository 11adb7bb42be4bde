/**
 * Where a signature or stamp box goes on a page (docs/approval.md#placements). Pure rules shared by the approval
 * service (it fills in what a placement leaves out and refuses boxes off the page) and the web (the signing page
 * and the create flow's placement step). A box is measured in a frame of pageWidth x pageHeight with its origin
 * at the page's top-left corner, as the screen shows it; the frame is usually the page in PDF points.
 */

export interface PageSize {
  width: number;
  height: number;
}

/** a placed box in its frame (top-left origin) */
export interface PlacedBox {
  px: number;
  py: number;
  width: number;
  height: number;
  pageWidth: number;
  pageHeight: number;
}

/** what a placement may say about its box; anything left out takes the default */
export type BoxInput = Partial<PlacedBox>;

/**
 * The spec's default (platform.md §9): half the page wide, its top at the page height divided by 2.8, centred;
 * its height keeps the image's proportions (`aspect` = height / width of the image). In PDF points.
 */
export function defaultBox(page: PageSize, aspect: number): Omit<PlacedBox, 'pageWidth' | 'pageHeight'> {
  const width = page.width / 2;
  const ratio = Number.isFinite(aspect) && aspect > 0 ? aspect : 0.5;
  return { px: (page.width - width) / 2, py: page.height / 2.8, width, height: width * ratio };
}

/**
 * The size of a box placed on screen (dragged from the palette, or the Sign button): a signature's, not half the
 * page: 180 x 60 points (2.5 x 0.83 in), narrower on a small page (at most 40 % of its width, 3 : 1). In points.
 */
export function signatureBoxSize(page: PageSize): { width: number; height: number } {
  const width = Math.max(1, Math.min(180, page.width * 0.4));
  return { width, height: width / 3 };
}

/**
 * A placement's box with every field: the frame defaults to the page in points; each missing coordinate or size
 * takes the default box's, scaled into the frame.
 */
export function resolveBox(input: BoxInput, page: PageSize, aspect: number): PlacedBox {
  const pageWidth = input.pageWidth ?? page.width;
  const pageHeight = input.pageHeight ?? page.height;
  const sx = pageWidth / page.width;
  const sy = pageHeight / page.height;
  const d = defaultBox(page, aspect);
  const width = input.width ?? d.width * sx;
  const height = input.height ?? d.height * sy;
  return {
    px: input.px ?? (pageWidth - width) / 2,
    py: input.py ?? d.py * sy,
    width,
    height,
    pageWidth,
    pageHeight,
  };
}

/** a box lies on its page: it starts inside and does not run off the right or bottom edge (half a unit of slack) */
export function isOnPage(b: PlacedBox, slack = 0.5): boolean {
  return b.px >= 0 && b.py >= 0 && b.width > 0 && b.height > 0 && b.px + b.width <= b.pageWidth + slack && b.py + b.height <= b.pageHeight + slack;
}
