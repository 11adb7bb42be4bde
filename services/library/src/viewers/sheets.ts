import ExcelJS from 'exceljs';

export type Cell = string | number | boolean | null;
export interface SheetData {
  name: string;
  row_count: number;
  column_count: number;
  rows: Cell[][];
}

/** what a cell shows: formulas by their result, dates as ISO days, rich text as its plain text */
export function cellValue(v: ExcelJS.CellValue): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('result' in v) return cellValue(v.result as ExcelJS.CellValue);
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v && typeof v.text === 'string') return v.text;
    if ('error' in v) return String(v.error);
  }
  return String(v as unknown);
}

/** an .xlsx workbook as rows x columns of each sheet (at most `rows` x `columns`) */
export async function readWorkbook(buf: Buffer, rows: number, columns: number): Promise<SheetData[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  return wb.worksheets.map((ws) => {
    const out: Cell[][] = [];
    const n = Math.min(ws.rowCount, rows);
    const m = Math.min(ws.columnCount, columns);
    for (let r = 1; r <= n; r++) {
      const row = ws.getRow(r);
      const line: Cell[] = [];
      for (let c = 1; c <= m; c++) line.push(cellValue(row.getCell(c).value));
      out.push(line);
    }
    return { name: ws.name, row_count: ws.rowCount, column_count: ws.columnCount, rows: out };
  });
}
