import type { Tally } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { donutSlices, percentLabel } from './vote-rules';

const R = 40;
const C = 2 * Math.PI * R;

/** The votes of a decision as a donut in the vote colours, with a legend of counts and percentages (rounded up, one decimal). */
export function TallyDonut(props: { tallies: readonly Tally[]; total: number }) {
  const { t, i18n } = useTranslation('decisions');
  const slices = donutSlices(props.tallies);
  return (
    <div className="tally" data-testid="tally">
      <svg viewBox="0 0 100 100" width="120" height="120" role="img" aria-label={t('tally.title')}>
        <circle cx="50" cy="50" r={R} fill="none" stroke="#e5e7eb" strokeWidth="14" />
        {slices
          .filter((s) => s.to > s.from)
          .map((s) => (
            <circle
              key={s.vote}
              cx="50"
              cy="50"
              r={R}
              fill="none"
              stroke={s.colour}
              strokeWidth="14"
              strokeDasharray={`${(s.to - s.from) * C} ${C}`}
              strokeDashoffset={-s.from * C}
              transform="rotate(-90 50 50)"
              data-testid={`tally-slice-${s.vote}`}
            />
          ))}
        <text x="50" y="55" textAnchor="middle" fontSize="16">
          {props.total}
        </text>
      </svg>
      <ul className="tally__legend">
        {slices.map((s) => (
          <li key={s.vote} data-testid={`tally-${s.vote}`}>
            <span className="tally__dot" style={{ background: s.colour }} aria-hidden="true" />
            <span className="tally__label">{t(s.label)}</span> <span className="tally__count">{s.count}</span>{' '}
            <span className="tally__pct">{percentLabel(s.percentage, i18n.language)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
