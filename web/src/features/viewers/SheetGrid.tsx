import { cellText, columnName, gridSize, SHEET_DEFAULTS } from './sheet-rules';
import './viewers.css';

/** A read-only grid: column letters, row numbers, the cells' text (docs/library-web.md#viewers). */
export function SheetGrid(props: { rows: readonly (readonly unknown[])[]; testId?: string }) {
  const size = gridSize(props.rows);
  const cols = Array.from({ length: size.cols }, (_, i) => i);
  return (
    <div className="sheet-wrap">
      <table className="sheet-grid" data-testid={props.testId ?? 'sheet-grid'} data-rows={size.rows} data-cols={size.cols}>
        <colgroup>
          <col style={{ width: 48 }} />
          {cols.map((c) => (
            <col key={c} style={{ width: SHEET_DEFAULTS.colWidth }} />
          ))}
        </colgroup>
        <thead>
          <tr style={{ height: SHEET_DEFAULTS.rowHeight }}>
            <th />
            {cols.map((c) => (
              <th key={c} scope="col">
                {columnName(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: size.rows }, (_, r) => (
            <tr key={r} style={{ height: SHEET_DEFAULTS.rowHeight }}>
              <th scope="row">{r + 1}</th>
              {cols.map((c) => {
                const text = cellText(props.rows[r]?.[c]);
                return (
                  <td key={c} title={text || undefined}>
                    {text}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
