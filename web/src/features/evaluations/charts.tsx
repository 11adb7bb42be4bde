/**
 * Plain SVG charts of the results page (no chart library): a horizontal bar per value with its count, and the
 * previous round's count as a thin bar beneath; the bars grow from the inline start, so Arabic reads them right to
 * left (the SVG is mirrored with CSS, its texts are HTML beside it).
 */
export interface Bar {
  label: string;
  count: number;
  previous?: number | null;
}

export function BarChart(props: { bars: Bar[]; total: number; title: string; previousLabel: string; testId?: string }) {
  const max = Math.max(1, ...props.bars.map((b) => Math.max(b.count, b.previous ?? 0)));
  return (
    <figure className="eval-chart" data-testid={props.testId}>
      <figcaption className="sr-only">{props.title}</figcaption>
      <ul className="eval-chart__rows">
        {props.bars.map((b) => {
          const pct = props.total > 0 ? Math.round((b.count / props.total) * 100) : 0;
          return (
            <li key={b.label} className="eval-chart__row">
              <span className="eval-chart__label">{b.label}</span>
              <svg className="eval-chart__bar" viewBox="0 0 100 12" preserveAspectRatio="none" aria-hidden="true" focusable="false">
                <rect x="0" y="0" width={(b.count / max) * 100} height={b.previous == null ? 12 : 8} className="eval-chart__now" />
                {b.previous != null && <rect x="0" y="9" width={(b.previous / max) * 100} height="3" className="eval-chart__before" />}
              </svg>
              <span className="eval-chart__count" data-testid={props.testId ? `${props.testId}-${b.label}` : undefined}>
                {b.count} ({pct}%){b.previous != null && <span className="eval-chart__prev"> · {props.previousLabel} {b.previous}</span>}
              </span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
