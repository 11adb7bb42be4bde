/** The spreadsheet viewer's grid (docs/library-web.md#viewers): 100 rows and 26 columns by default, rows 25 px high, columns 100 px wide. */
export const SHEET_DEFAULTS = { rows: 100, cols: 26, rowHeight: 25, colWidth: 100 } as const;

/** Column letters: 0 -> A, 25 -> Z, 26 -> AA. */
export function columnName(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

export type Cell = string | number | boolean | null | undefined | { text?: unknown; result?: unknown; richText?: { text: string }[] } | Date;

/** What a cell shows: text as it is, numbers and booleans as text, formulas by their result, rich text joined. */
export function cellText(c: unknown): string {
  if (c === null || c === undefined) return '';
  if (typeof c === 'string') return c;
  if (typeof c === 'number' || typeof c === 'boolean') return String(c);
  if (c instanceof Date) return c.toISOString().slice(0, 10);
  if (typeof c === 'object') {
    const o = c as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (Array.isArray(o.richText)) return o.richText.map((r) => r.text).join('');
    if (o.result !== undefined) return cellText(o.result);
    if (o.text !== undefined) return cellText(o.text);
  }
  return '';
}

/** The grid's size: at least the defaults, more when the data is larger (up to what the server sent). */
export function gridSize(rows: readonly (readonly unknown[])[], min: { rows: number; cols: number } = SHEET_DEFAULTS): { rows: number; cols: number } {
  const cols = rows.reduce((m, r) => Math.max(m, r.length), 0);
  return { rows: Math.max(min.rows, rows.length), cols: Math.max(min.cols, cols) };
}
