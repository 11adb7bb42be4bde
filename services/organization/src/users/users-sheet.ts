import { USER_SHEET_COLUMNS } from '@app/contracts';

/**
 * The users upload sheet (pure): the header must be the template's columns in the template's order;
 * each following non-empty row is a user. Cell values are normalised to strings ('' when empty).
 */
export type SheetRow = Record<(typeof USER_SHEET_COLUMNS)[number], string> & { row: number };

export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { text?: unknown; result?: unknown; richText?: { text: string }[]; hyperlink?: string };
    if (Array.isArray(o.richText)) return o.richText.map((r) => r.text).join('').trim();
    if (o.text !== undefined) return cellText(o.text);
    if (o.result !== undefined) return cellText(o.result);
    return '';
  }
  return String(v).trim();
}

/** Same structure as the template: exactly its headers, in order (case and spaces ignored). */
export function headerMatches(header: unknown[]): boolean {
  const got = header.map((h) => cellText(h).toLowerCase().replace(/\s+/g, '_'));
  while (got.length && got[got.length - 1] === '') got.pop();
  return got.length === USER_SHEET_COLUMNS.length && USER_SHEET_COLUMNS.every((c, i) => got[i] === c);
}

export function toRows(values: unknown[][], firstRow = 2): SheetRow[] {
  const out: SheetRow[] = [];
  values.forEach((cells, i) => {
    const texts = USER_SHEET_COLUMNS.map((_, c) => cellText(cells[c]));
    if (texts.every((t) => t === '')) return;
    const row = { row: firstRow + i } as SheetRow;
    USER_SHEET_COLUMNS.forEach((c, k) => (row[c] = texts[k]));
    out.push(row);
  });
  return out;
}

export function splitNames(s: string): string[] {
  return s.split(/[,;]/).map((x) => x.trim()).filter(Boolean);
}
