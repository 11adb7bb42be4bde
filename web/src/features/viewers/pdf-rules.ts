/**
 * Pure rules of the document viewers (docs/library-web.md#viewers). Pages are counted from 1 here; the
 * toolbar shows the same numbers.
 */

/** Rotation cycles 0, 90, 180, 270 and back to 0. */
export type Rotation = 0 | 90 | 180 | 270;
export const ROTATIONS: readonly Rotation[] = [0, 90, 180, 270];

export function nextRotation(r: Rotation): Rotation {
  return ROTATIONS[(ROTATIONS.indexOf(r) + 1) % ROTATIONS.length];
}

/**
 * The page-jump input on Enter: a value of 0 or less, more than the page count, or not a whole number
 * resets to the current page; otherwise the viewer goes to that page.
 */
export function jumpTarget(input: string, current: number, pages: number): number {
  const text = input.trim();
  if (!/^-?\d+$/.test(text)) return current;
  const n = Number(text);
  if (n <= 0 || n > pages) return current;
  return n;
}

/** Arrow keys and previous/next: one page, never before the first nor after the last. */
export function stepPage(current: number, delta: number, pages: number): number {
  if (pages <= 0) return 1;
  return Math.min(pages, Math.max(1, current + delta));
}

export const canGoBack = (current: number) => current > 1;
export const canGoForward = (current: number, pages: number) => current < pages;

/** Zoom steps of the toolbar (1 = the page at its natural size, fitted to the width first). */
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;

export function zoomIn(z: number): number {
  return ZOOM_STEPS.find((s) => s > z + 1e-9) ?? ZOOM_STEPS[ZOOM_STEPS.length - 1];
}

export function zoomOut(z: number): number {
  return [...ZOOM_STEPS].reverse().find((s) => s < z - 1e-9) ?? ZOOM_STEPS[0];
}

/**
 * The scale that shows a page of `pageWidth` points in a viewport `available` pixels wide: the page scales
 * down when the viewport minus 32 is narrower than the page, never up.
 */
export function fitScale(pageWidth: number, available: number): number {
  const room = available - 32;
  if (pageWidth <= 0 || room <= 0) return 1;
  return room < pageWidth ? room / pageWidth : 1;
}

/** Loading progress in whole percent (0..100); an unknown total shows 0 until the end. */
export function loadPercent(loaded: number, total: number | undefined): number {
  if (!total || total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((loaded / total) * 100)));
}

/** The editor is open when the link says e=1 and the server says the caller may edit the file. */
export function isEditable(e: string | null, canEdit: boolean): boolean {
  return e === '1' && canEdit;
}

/**
 * The page a viewer opens at from its `?page=` (a search result's page, docs/search.md): a whole number of 1 or more;
 * anything else opens at the first page. A page past the end opens at the last (the viewer clamps it).
 */
export function startPageOf(param: string | null): number | undefined {
  if (param === null || !/^\d{1,6}$/.test(param.trim())) return undefined;
  const n = Number(param.trim());
  return n >= 1 ? n : undefined;
}
