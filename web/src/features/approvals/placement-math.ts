/**
 * The arithmetic of placing boxes on a drawn PDF page (docs/approval.md#the-signing-page). Boxes are kept in PDF
 * points with a top-left origin (what the API takes: pageWidth x pageHeight = the page in points); the screen
 * draws the page at `scale` CSS pixels per point. Pure functions, tested table-driven.
 */
import { defaultBox, signatureBoxSize, type PageSize } from '@app/contracts';

export interface Box {
  px: number;
  py: number;
  width: number;
  height: number;
}

/** the smallest box the handles let one make, in points */
export const MIN_BOX = 12;

/** CSS pixels per point of a page of `pageWidth` points drawn `drawnWidth` pixels wide */
export function scaleOf(drawnWidth: number, pageWidth: number): number {
  return pageWidth > 0 && drawnWidth > 0 ? drawnWidth / pageWidth : 1;
}

/** a box in points -> where it is drawn, in pixels of the page's drawing */
export function toPixels(b: Box, scale: number): Box {
  return { px: b.px * scale, py: b.py * scale, width: b.width * scale, height: b.height * scale };
}

/** a box in pixels of the page's drawing -> points */
export function toPoints(b: Box, scale: number): Box {
  const s = scale > 0 ? scale : 1;
  return { px: b.px / s, py: b.py / s, width: b.width / s, height: b.height / s };
}

/** a box kept on its page: no larger than the page, no smaller than MIN_BOX, moved back inside */
export function clampBox(b: Box, page: PageSize): Box {
  const width = Math.min(page.width, Math.max(MIN_BOX, b.width));
  const height = Math.min(page.height, Math.max(MIN_BOX, b.height));
  return { px: Math.min(page.width - width, Math.max(0, b.px)), py: Math.min(page.height - height, Math.max(0, b.py)), width, height };
}

/** dragged by (dx, dy) pixels on a page drawn at `scale` */
export function moveBox(b: Box, dx: number, dy: number, scale: number, page: PageSize): Box {
  const d = toPoints({ px: dx, py: dy, width: 0, height: 0 }, scale);
  return clampBox({ ...b, px: b.px + d.px, py: b.py + d.py }, page);
}

/** its bottom-right corner dragged by (dx, dy) pixels: the top-left corner stays, the box stays on the page */
export function resizeBox(b: Box, dx: number, dy: number, scale: number, page: PageSize): Box {
  const d = toPoints({ px: dx, py: dy, width: 0, height: 0 }, scale);
  const width = Math.min(page.width - b.px, Math.max(MIN_BOX, b.width + d.px));
  const height = Math.min(page.height - b.py, Math.max(MIN_BOX, b.height + d.py));
  return { ...b, width, height };
}

/**
 * A new box dropped at (x, y) pixels of the page's drawing: a signature's size (`signatureBoxSize`, not the spec's
 * half page), centred on the drop point, kept on the page.
 */
export function dropBox(x: number, y: number, scale: number, page: PageSize, _aspect?: number): Box {
  const d = signatureBoxSize(page);
  const at = toPoints({ px: x, py: y, width: 0, height: 0 }, scale);
  return clampBox({ px: at.px - d.width / 2, py: at.py - d.height / 2, width: d.width, height: d.height }, page);
}

/** a box added without a drop point (the Sign button): a signature's size, centred, its top where the spec's default box has it */
export function initialBox(page: PageSize, aspect: number): Box {
  const d = signatureBoxSize(page);
  return clampBox({ px: (page.width - d.width) / 2, py: defaultBox(page, aspect).py, width: d.width, height: d.height }, page);
}

/** the gap, in points, left between a new box and the one it would have covered */
export const BOX_GAP = 8;

const overlaps = (a: Box, b: Box) => a.px < b.px + b.width && b.px < a.px + a.width && a.py < b.py + b.height && b.py < a.py + a.height;

/**
 * A new box that would lie over another box of the page (two signers' boxes at the same default spot) moves down
 * below it, then from the top of the page, until it covers none; it stays where it is when the page has no free spot.
 */
export function clearOf(b: Box, others: readonly Box[], page: PageSize): Box {
  if (!others.some((o) => overlaps(b, o))) return b;
  const step = b.height + BOX_GAP;
  const tries = Math.floor(page.height / step) + 1;
  for (let i = 1; i <= tries * 2; i++) {
    const py = (b.py + i * step) % (tries * step);
    if (py + b.height > page.height) continue;
    const moved = { ...b, py };
    if (!others.some((o) => overlaps(moved, o))) return moved;
  }
  return b;
}

/** screen pixels an arrow key moves a box by (Shift: five times as far); null for any other key */
export function boxKeyStep(key: string, shift: boolean): { dx: number; dy: number } | null {
  const step = shift ? 40 : 8;
  switch (key) {
    case 'ArrowLeft':
      return { dx: -step, dy: 0 };
    case 'ArrowRight':
      return { dx: step, dy: 0 };
    case 'ArrowUp':
      return { dx: 0, dy: -step };
    case 'ArrowDown':
      return { dx: 0, dy: step };
    default:
      return null;
  }
}
